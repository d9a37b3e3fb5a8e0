import { randomBytes } from 'node:crypto';
import {
  CHAT_CLOSE,
  CHAT_LIMITS,
  CHAT_SOCKET_PATH,
  type ChatMessage,
  clientFrame,
  type ClientFrame,
  ErrorCode,
  type Language,
  type ServerFrame,
  calls,
  STAFF_ROLES,
} from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../../platform/bus';
import { companyChatId } from '../../platform/chat-ids';
import type { ChatSigner } from '../../platform/chat-signature';
import { type OrderChangedEvent, orderTopic } from '../../platform/order-events';
import type { Clock } from '../../platform/clock';
import { isSessionsEnded, SESSIONS_ENDED_TOPIC, type SessionsEnded } from '../../platform/session-events';
import {
  accessStep,
  isRefusal,
  type Resolvers,
  requestLanguage,
  tipsFor,
  validationTip,
  websiteStep,
} from '../../plugins/pipeline';
import { type ChatActor, type ChatEvent, type ChatService, chatTopic } from './chat.service';

/**
 * The chat socket: a WebSocket at CHAT_SOCKET_PATH speaking the contract's frames. This is the
 * transport edge: it checks the login with the /api's own pipeline steps, parses and limits
 * frames, and hands each to the chat service; the service stores and publishes on the bus, and
 * every instance's hub passes the bus's events to its own connections (decision 0036), the
 * orders module's 'order changed' too (decision 0043).
 */

export interface ChatSocketDeps {
  chat: ChatService;
  bus: Bus;
  signer: ChatSigner;
  clock: Clock;
  resolvers: Pick<Resolvers, 'resolveWebsite' | 'resolveSession' | 'resolveStaff'>;
  /** How often connections are checked for silence and for an expired signature (default 10 s; 0: only when asked). */
  sweepEveryMs?: number;
}

const textOf = (data: unknown): string | null => {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return null;
};

const keyOf = (chatId: string, mainChatId: string) => `${chatId}|${mainChatId}`;
/** How many delivered ids a connection remembers per conversation, to send none twice. */
const REMEMBERED = 1000;
/** A connection that has not logged in by then is closed. */
const LOGIN_WITHIN_MS = 10_000;
/** Frames of any kind per rate window (sends have their own, lower limit). */
const RATE_MAX_FRAMES = 120;
/** Staff who may read orders hear of their changes (others could not open them anyway). */
const ORDER_READERS: readonly string[] = calls.staff_list_orders.roles ?? [];

interface Connection {
  id: string;
  ws: WebSocket;
  actor: ChatActor | null;
  /** The session token of the login, checked again when the bus says sessions of this person ended. */
  token: string;
  lang: Language;
  expiresAt: number;
  openedAt: number;
  lastSeen: number;
  sends: number[];
  frames: number[];
  /** Message ids sent, per conversation: a live message and a replay of it go out once. */
  delivered: Map<string, Set<number>>;
  /** Conversations being replayed: live messages wait here until the replay is out. */
  replaying: Map<string, ChatMessage[]>;
  /** Frames are handled one after another, in the order they came. */
  queue: Promise<void>;
}

export function registerChatSocket(app: FastifyInstance, deps: ChatSocketDeps) {
  const { chat, bus, signer, clock, resolvers } = deps;
  const instance = randomBytes(4).toString('hex');
  let seq = 0;
  /**
   * Connections by company (staff, and buyers by chat id: an event reaches only those who may see
   * it, without going through the company's thousand others), and the company topic's
   * subscription while any is open.
   */
  const companies = new Map<
    number,
    {
      size: number;
      staff: Set<Connection>;
      buyers: Map<string, Set<Connection>>;
      end: Promise<() => Promise<void>>;
    }
  >();
  const all = new Set<Connection>();
  const monotonic = () => performance.now();

  const send = (c: Connection, frame: ServerFrame) => {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(JSON.stringify(frame));
  };
  const tips = (c: Connection) =>
    tipsFor({ access: c.actor?.kind === 'staff' ? 'staff' : 'customer', name: '' }, c.lang);

  function refuse(c: Connection, code: number, tip: string, opts: { gid?: string; close?: number } = {}) {
    send(c, {
      type: 'error',
      code,
      tip,
      ...(opts.gid ? { gid: opts.gid } : {}),
      fatal: opts.close !== undefined,
    });
    if (opts.close !== undefined) c.ws.close(opts.close, String(code));
  }

  function deliverMessage(c: Connection, message: ChatMessage, replay: boolean) {
    const key = keyOf(message.chat_id, message.main_chat_id);
    const waiting = c.replaying.get(key);
    if (waiting && !replay) return void waiting.push(message);
    let seen = c.delivered.get(key);
    if (!seen) c.delivered.set(key, (seen = new Set()));
    if (seen.has(message.id)) return;
    seen.add(message.id);
    if (seen.size > REMEMBERED) seen.delete(seen.values().next().value as number);
    send(c, { type: 'message', message, replay });
  }

  /** Whether a connection sees events of a conversation: staff of the company all, a buyer their own. */
  const sees = (c: Connection, chatId: string) => c.actor?.kind === 'staff' || c.actor?.chatId === chatId;

  function onEvent(companyId: number, event: ChatEvent) {
    const entry = companies.get(companyId);
    if (!entry) return;
    const chatId =
      event.kind === 'message' ? event.message.chat_id : event.kind === 'conversation' ? null : event.chat_id;
    const buyers = chatId === null ? undefined : entry.buyers.get(chatId);
    for (const c of buyers ? [...entry.staff, ...buyers] : entry.staff) {
      if (!c.actor || c.id === event.origin) continue;
      switch (event.kind) {
        case 'message':
          if (sees(c, event.message.chat_id)) deliverMessage(c, event.message, false);
          break;
        case 'read':
          if (sees(c, event.chat_id)) {
            const { kind: _k, origin: _o, ...read } = event;
            send(c, { type: 'read', ...read });
          }
          break;
        case 'typing':
          // To the other side only: a buyer's other tab has no use for its own typing.
          if (sees(c, event.chat_id) && c.actor.kind !== event.from) {
            const { kind: _k, origin: _o, ...typing } = event;
            send(c, { type: 'typing', ...typing });
          }
          break;
        case 'conversation':
          if (c.actor.kind === 'staff') send(c, { type: 'conversation', conversation: event.conversation });
          break;
      }
    }
  }

  /** A company's connections here, staff and buyers alike (for the rare events that go to many). */
  function everyConnection(companyId: number): Connection[] {
    const entry = companies.get(companyId);
    if (!entry) return [];
    return [...entry.staff, ...[...entry.buyers.values()].flatMap((set) => [...set])];
  }

  /**
   * An order changed (published by the orders module after its commit): its buyer's connections
   * hear of it unless it is a draft, which the buyer cannot see; staff who may read orders always.
   * The frame names the order and its status only: the client asks the /api for the rest.
   */
  function onOrderChanged(companyId: number, event: OrderChangedEvent) {
    // Order changes are rare: going through every connection of the company is cheap enough.
    for (const c of everyConnection(companyId)) {
      const actor = c.actor;
      if (!actor) continue;
      const hears =
        actor.kind === 'staff'
          ? ORDER_READERS.includes(actor.role)
          : actor.customerId === event.customerId && event.status !== 'draft';
      if (hears) send(c, { type: 'order_changed', order_id: event.orderId, status: event.status });
    }
  }

  async function join(c: Connection, companyId: number) {
    let entry = companies.get(companyId);
    if (!entry) {
      const topics = Promise.all([
        bus.subscribe(chatTopic(companyId), (payload) => onEvent(companyId, payload as ChatEvent)),
        bus.subscribe(orderTopic(companyId), (payload) =>
          onOrderChanged(companyId, payload as OrderChangedEvent),
        ),
      ]);
      entry = {
        size: 0,
        staff: new Set(),
        buyers: new Map(),
        end: topics.then((ends) => async () => {
          await Promise.all(ends.map((end) => end()));
        }),
      };
      companies.set(companyId, entry);
    }
    if (c.actor?.kind === 'buyer') {
      let own = entry.buyers.get(c.actor.chatId);
      if (!own) entry.buyers.set(c.actor.chatId, (own = new Set()));
      own.add(c);
    } else entry.staff.add(c);
    entry.size++;
    // Ready only once subscribed: nothing published after `ready` is missed.
    await entry.end;
  }

  function leave(c: Connection) {
    all.delete(c);
    if (!c.actor) return;
    const entry = companies.get(c.actor.companyId);
    if (!entry) return;
    if (c.actor.kind === 'buyer') {
      const own = entry.buyers.get(c.actor.chatId);
      if (!own?.delete(c)) return;
      if (!own.size) entry.buyers.delete(c.actor.chatId);
    } else if (!entry.staff.delete(c)) return;
    if (--entry.size) return;
    companies.delete(c.actor.companyId);
    void entry.end.then((end) => end()).catch((err) => app.log.warn({ err }, 'chat: unsubscribe failed'));
  }

  /** Login: the /api's website and access steps, then the signature, which must be this person's. */
  async function login(c: Connection, frame: Extract<ClientFrame, { type: 'login' }>) {
    c.lang = requestLanguage({ lang: frame.lang }, undefined);
    const website = await websiteStep('website', String(frame.website_id), resolvers);
    if (isRefusal(website) || !website)
      return refuse(c, ErrorCode.WEBSITE_NOT_FOUND, tips(c)('api.websiteNotFound'), {
        close: CHAT_CLOSE.REFUSED,
      });
    c.lang = requestLanguage({ lang: frame.lang }, undefined, website);
    const checked = signer.verify(frame.user_sig);
    const signatureRefused = () =>
      refuse(c, ErrorCode.CHAT_SIGNATURE_INVALID, tips(c)('api.chat.signatureInvalid'), {
        close: CHAT_CLOSE.SIGNATURE,
      });
    if (!checked.ok) return signatureRefused();
    const grant = checked.grant;
    // A signature of another company is refused like a forged one.
    if (grant.companyId !== website.companyId) return signatureRefused();

    let actor: ChatActor | null;
    if (grant.kind === 'buyer') {
      const access = await accessStep({ access: 'customer' }, website, frame.token, resolvers);
      if (isRefusal(access))
        return refuse(c, access.code, tips(c)(access.tip), { close: CHAT_CLOSE.REFUSED });
      actor = access.session ? chat.buyerOf(access.session) : null;
      if (actor && actor.customerId !== grant.subjectId) return signatureRefused();
    } else {
      const access = await accessStep(
        { access: 'staff', roles: STAFF_ROLES },
        website,
        frame.token,
        resolvers,
      );
      if (isRefusal(access))
        return refuse(c, access.code, tipsFor({ access: 'staff', name: '' }, c.lang)(access.tip), {
          close: CHAT_CLOSE.REFUSED,
        });
      actor = access.staff ? await chat.staffOf(access.staff, website.id) : null;
      if (actor && actor.staffId !== grant.subjectId) return signatureRefused();
    }
    if (!actor || actor.chatId !== grant.chatId) return signatureRefused();

    c.actor = actor;
    c.token = frame.token ?? '';
    c.expiresAt = grant.expiresAt;
    await join(c, actor.companyId);
    send(c, {
      type: 'ready',
      role: actor.kind,
      chat_id: actor.chatId,
      main_chat_id: actor.kind === 'buyer' ? companyChatId(actor.companyId) : null,
      expires_at: grant.expiresAt,
      heartbeat_ms: CHAT_LIMITS.HEARTBEAT_MS,
    });
  }

  /** Under the limit: counts this one. Over it: false, and nothing is counted. */
  function within(times: number[], max: number): boolean {
    const now = monotonic();
    while (times.length && (times[0] ?? 0) <= now - CHAT_LIMITS.RATE_WINDOW_MS) times.shift();
    if (times.length >= max) return false;
    times.push(now);
    return true;
  }

  async function handle(c: Connection, raw: unknown) {
    const t = tips(c);
    const text = textOf(raw);
    if (text === null) return refuse(c, ErrorCode.BAD_REQUEST, t('api.chat.badFrame'));
    if (Buffer.byteLength(text) > CHAT_LIMITS.MAX_FRAME_BYTES)
      return refuse(
        c,
        ErrorCode.TOO_LARGE,
        t('api.chat.tooLarge', { kb: CHAT_LIMITS.MAX_FRAME_BYTES / 1024 }),
      );
    if (!within(c.frames, RATE_MAX_FRAMES))
      return refuse(c, ErrorCode.TOO_MANY_REQUESTS, t('api.chat.tooFast'));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(c, ErrorCode.BAD_REQUEST, t('api.chat.badFrame'));
    }
    const gid =
      body && typeof body === 'object' && typeof (body as { gid?: unknown }).gid === 'string'
        ? ((body as { gid: string }).gid.match(/^[A-Za-z0-9_-]{8,64}$/)?.[0] ?? undefined)
        : undefined;
    const parsed = clientFrame.safeParse(body);
    if (!parsed.success) {
      const empty = parsed.error.issues.some((i) => i.message === 'empty');
      return refuse(
        c,
        ErrorCode.BAD_REQUEST,
        empty ? t('api.chat.empty') : validationTip(parsed.error, body, t),
        {
          gid,
        },
      );
    }
    const frame = parsed.data;
    c.lastSeen = monotonic();

    if (frame.type === 'ping')
      return send(c, { type: 'pong', ...(frame.t === undefined ? {} : { t: frame.t }) });
    if (frame.type === 'login') {
      if (c.actor) return refuse(c, ErrorCode.BAD_REQUEST, t('api.chat.loggedIn'));
      return login(c, frame);
    }
    const actor = c.actor;
    if (!actor) return refuse(c, ErrorCode.SESSION_INVALID, t('api.chat.loginFirst'), { gid });
    if (clock.now() >= c.expiresAt)
      return refuse(c, ErrorCode.CHAT_SIGNATURE_INVALID, t('api.chat.signatureInvalid'), {
        close: CHAT_CLOSE.SIGNATURE,
      });

    switch (frame.type) {
      case 'send': {
        if (!within(c.sends, CHAT_LIMITS.RATE_MAX_SENDS))
          return refuse(c, ErrorCode.TOO_MANY_REQUESTS, t('api.chat.tooFast'), { gid: frame.gid });
        const r = await chat.send(actor, frame, t, c.id);
        if (!r.ok) return refuse(c, r.code, r.tip, { gid: frame.gid });
        // Its own message is not delivered to it again (nor replayed).
        const key = keyOf(r.data.message.chat_id, r.data.message.main_chat_id);
        let seen = c.delivered.get(key);
        if (!seen) c.delivered.set(key, (seen = new Set()));
        seen.add(r.data.message.id);
        return send(c, { type: 'ack', gid: frame.gid, message: r.data.message, duplicate: r.data.duplicate });
      }
      case 'typing': {
        const r = await chat.typing(actor, frame, t, c.id);
        return r.ok ? undefined : refuse(c, r.code, r.tip);
      }
      case 'read': {
        const r = await chat.read(actor, frame, t, c.id);
        return r.ok ? undefined : refuse(c, r.code, r.tip);
      }
      case 'resume': {
        const key = keyOf(frame.chat_id, frame.main_chat_id);
        c.replaying.set(key, []);
        try {
          const r = await chat.resume(actor, frame, t);
          if (!r.ok) return refuse(c, r.code, r.tip);
          for (const m of r.data.messages) deliverMessage(c, m, true);
          const last = r.data.messages.at(-1)?.id ?? frame.after_id;
          send(c, {
            type: 'resumed',
            chat_id: frame.chat_id,
            main_chat_id: frame.main_chat_id,
            last_id: last,
            complete: r.data.complete,
          });
        } finally {
          // What came live meanwhile goes out now, once (the replay may have had it).
          const waiting = c.replaying.get(key) ?? [];
          c.replaying.delete(key);
          for (const m of waiting) deliverMessage(c, m, false);
        }
        return;
      }
    }
  }

  /**
   * Sessions of a person ended somewhere (a logout, a disabled account, a new password): each of
   * that person's connections here checks its own session again, in turn with its frames, and is
   * closed with -2 and REFUSED when it ended, which the clients read as 'log in again'. Others of
   * theirs (another browser that kept its session) stay.
   */
  function onSessionsEnded(event: SessionsEnded) {
    for (const c of everyConnection(event.companyId)) {
      const a = c.actor;
      const mine =
        a &&
        (event.side === 'customer'
          ? a.kind === 'buyer' && a.customerId === event.personId
          : a.kind === 'staff' && a.staffId === event.personId);
      if (!mine) continue;
      c.queue = c.queue
        .then(async () => {
          const alive =
            a.kind === 'buyer'
              ? await resolvers.resolveSession(c.token)
              : await resolvers.resolveStaff(c.token);
          if (!alive) endSession(c);
        })
        .catch((err: unknown) => app.log.error({ err }, 'chat: checking a session failed'));
    }
  }

  function endSession(c: Connection) {
    const tip = tips(c)('api.sessionInvalid');
    // Not a member any more: nothing more is delivered to it, and no frame of it is handled.
    leave(c);
    c.actor = null;
    refuse(c, ErrorCode.SESSION_INVALID, tip, { close: CHAT_CLOSE.REFUSED });
  }

  /** Closes silent connections, logins that never came, and logins whose signature ran out. */
  function sweep() {
    const now = monotonic();
    for (const c of all) {
      if (!c.actor && now - c.openedAt > LOGIN_WITHIN_MS) c.ws.close(CHAT_CLOSE.REFUSED, 'login');
      else if (now - c.lastSeen > CHAT_LIMITS.HEARTBEAT_TIMEOUT_MS)
        c.ws.close(CHAT_CLOSE.HEARTBEAT, 'heartbeat');
      else if (c.actor && clock.now() >= c.expiresAt)
        refuse(c, ErrorCode.CHAT_SIGNATURE_INVALID, tips(c)('api.chat.signatureInvalid'), {
          close: CHAT_CLOSE.SIGNATURE,
        });
    }
  }

  app.get(CHAT_SOCKET_PATH, { websocket: true }, (ws) => {
    const now = monotonic();
    const c: Connection = {
      id: `${instance}:${++seq}`,
      ws,
      actor: null,
      token: '',
      lang: requestLanguage(undefined, undefined),
      expiresAt: 0,
      openedAt: now,
      lastSeen: now,
      sends: [],
      frames: [],
      delivered: new Map(),
      replaying: new Map(),
      queue: Promise.resolve(),
    };
    all.add(c);
    ws.on('message', (data) => {
      c.queue = c.queue
        .then(() => handle(c, data))
        .catch((err) => {
          app.log.error({ err }, 'chat: a frame failed');
          refuse(c, ErrorCode.INTERNAL, tips(c)('api.internal'));
        });
    });
    ws.on('close', () => leave(c));
    ws.on('error', () => leave(c));
  });

  const sessionsEnded = bus.subscribe(SESSIONS_ENDED_TOPIC, (payload) => {
    if (isSessionsEnded(payload)) onSessionsEnded(payload);
  });
  sessionsEnded.catch((err) => app.log.error({ err }, 'chat: subscribing to session ends failed'));

  const every = deps.sweepEveryMs ?? 10_000;
  const timer = every > 0 ? setInterval(sweep, every) : null;
  timer?.unref();
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    for (const c of all) c.ws.close(1001, 'closing');
    await sessionsEnded.then((end) => end()).catch(() => undefined);
  });

  return {
    sweep,
    /** Open connections on this instance (logged in or not). */
    connections: () => all.size,
  };
}
