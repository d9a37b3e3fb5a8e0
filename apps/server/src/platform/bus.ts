/**
 * Messages between the parts of the app, and between app instances: chat messages, read
 * receipts and typing today, 'order changed' or 'settings changed' style events later. A
 * publisher names a topic and hands a JSON-serialisable payload; every subscriber of that topic,
 * on every instance connected to the same bus, receives it once, and one publisher's payloads
 * arrive in the order it published them.
 *
 * The embedded default lives in this process (InProcessBus); the scale-out twin carries the same
 * through Redis pub/sub (bus.redis.ts), chosen when REDIS_URL is set. The bus delivers to whoever
 * listens at that moment and keeps nothing: what must not be lost is in the database first, and a
 * reader who was away catches up from there (the chat's resume).
 */
export type BusHandler = (payload: unknown) => void;

export interface Bus {
  /** Sends payload to every subscriber of topic; resolves once the bus has taken it. */
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Calls handler with every payload published to topic from now on; resolves once the
   * subscription is in place (nothing published after that is missed), with a function that ends it.
   */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  /** Ends every subscription and lets go of connections. */
  close(): Promise<void>;
}

/** Topics are dotted words; a payload is whatever JSON.stringify keeps. */
const TOPIC = /^[A-Za-z0-9_.:-]{1,200}$/;
export function assertTopic(topic: string): void {
  if (!TOPIC.test(topic)) throw new Error(`Invalid bus topic: ${topic}`);
}

/** Calls each handler, so one that throws neither stops the others nor reaches the publisher. */
export function deliver(
  handlers: Iterable<BusHandler>,
  payload: unknown,
  onError: (err: unknown) => void,
): void {
  for (const handler of handlers) {
    try {
      handler(payload);
    } catch (err) {
      onError(err);
    }
  }
}

/**
 * The embedded bus. Payloads go through JSON as they would through Redis, so a subscriber never
 * shares (or mutates) the publisher's object, and whatever would not survive Redis fails here too.
 * Delivery is asynchronous (a microtask), as it is through Redis: a publisher never runs its
 * subscribers inside its own call.
 */
export class InProcessBus implements Bus {
  private readonly topics = new Map<string, Set<BusHandler>>();
  private closed = false;

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  async publish(topic: string, payload: unknown): Promise<void> {
    assertTopic(topic);
    if (this.closed) throw new Error('The bus is closed');
    const text = JSON.stringify(payload);
    const handlers = this.topics.get(topic);
    if (!handlers?.size) return;
    // A copy: a handler that subscribes or unsubscribes does not change this delivery.
    const now = [...handlers];
    queueMicrotask(() => deliver(now, JSON.parse(text), this.onError));
  }

  async subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    assertTopic(topic);
    if (this.closed) throw new Error('The bus is closed');
    // A wrapper of its own, so the same function subscribed twice is two subscriptions.
    const own: BusHandler = (p) => handler(p);
    let set = this.topics.get(topic);
    if (!set) this.topics.set(topic, (set = new Set()));
    set.add(own);
    return async () => {
      set.delete(own);
      if (!set.size && this.topics.get(topic) === set) this.topics.delete(topic);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.topics.clear();
  }
}
