import { Redis } from 'ioredis';
import { assertTopic, type Bus, type BusHandler, deliver } from './bus';

export interface RedisBusOptions {
  url: string;
  /** Put before every channel name, so several apps (or tests) share one Redis without meeting. */
  prefix?: string;
  onError?: (err: unknown) => void;
}

/**
 * The bus through Redis pub/sub: every instance publishes to and subscribes on the same channels,
 * so a payload published on one reaches the subscribers of all, this one included (Redis sends a
 * subscribed connection its own publications back). Two connections, because a Redis connection
 * that subscribes can do nothing else. One Redis subscription per topic however many local
 * handlers it has. Redis keeps each publisher connection's messages in order.
 */
export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly prefix: string;
  private readonly onError: (err: unknown) => void;
  private readonly topics = new Map<string, Set<BusHandler>>();
  /** Subscriptions under way, so a second subscriber waits for the first one's SUBSCRIBE. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private closed = false;

  constructor(opts: RedisBusOptions) {
    this.prefix = opts.prefix ?? '';
    this.onError = opts.onError ?? (() => undefined);
    // Published messages wait in ioredis's queue while it reconnects; the subscriber
    // connection subscribes again by itself after a reconnection.
    this.pub = new Redis(opts.url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub = new Redis(opts.url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    for (const c of [this.pub, this.sub]) c.on('error', (err) => this.onError(err));
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      const topic = channel.toString('utf8').slice(this.prefix.length);
      const handlers = this.topics.get(topic);
      if (!handlers?.size) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message.toString('utf8'));
      } catch (err) {
        return this.onError(err);
      }
      deliver([...handlers], payload, this.onError);
    });
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    assertTopic(topic);
    if (this.closed) throw new Error('The bus is closed');
    await this.pub.publish(this.prefix + topic, JSON.stringify(payload));
  }

  async subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    assertTopic(topic);
    if (this.closed) throw new Error('The bus is closed');
    const own: BusHandler = (p) => handler(p);
    let set = this.topics.get(topic);
    if (!set) {
      this.topics.set(topic, (set = new Set()));
      this.pending.set(topic, this.sub.subscribe(this.prefix + topic));
    }
    set.add(own);
    await this.pending.get(topic);
    const handlers = set;
    return async () => {
      handlers.delete(own);
      if (handlers.size || this.topics.get(topic) !== handlers) return;
      this.topics.delete(topic);
      this.pending.delete(topic);
      if (!this.closed) await this.sub.unsubscribe(this.prefix + topic);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.topics.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
