import {
  CHAT_LIMITS,
  CHAT_WRITER_ROLES,
  type CallResponse,
  type CallResult,
  type CartLine,
  type CartTotals,
  type ChatMessage,
  type ChatSignature,
  type ChatStaffMember,
  ErrorCode,
  fail,
  type Language,
  type MsgContent,
  msgContent as msgContentSchema,
  ok,
  type SampleSummary,
  type StaffChatContext,
  type StaffConversation,
  type WebsiteInfo,
} from '@vitrine/contract';
import type { StaffTranslate } from '@vitrine/i18n/console';
import { staffAuditEntry } from '../../db/audit';
import type { Bus } from '../../platform/bus';
import { companyChatId } from '../../platform/chat-ids';
import type { ChatSigner } from '../../platform/chat-signature';
import type { Clock } from '../../platform/clock';
import type { SessionContext, StaffCaller, StaffContext } from '../../platform/context';
import type {
  ChatRepository,
  ConversationFilter,
  ConversationRow,
  MessageRow,
  Side,
} from './chat.repository';
import { createMessageWriter } from './chat.writer';

/** Who talks: a customer, or a staff member of the company. */
export type ChatActor =
  | { kind: 'buyer'; companyId: number; websiteId: number; customerId: number; chatId: string }
  | {
      kind: 'staff';
      companyId: number;
      /** The website the staff member works in (the console's). */
      websiteId: number;
      staffId: number;
      chatId: string;
      name: string;
      role: StaffContext['role'];
    };

/**
 * What the chat publishes on the bus, on the company's topic (chatTopic). Every instance's socket
 * hub hands each event to its connections that may see it; `origin` names the connection that
 * caused it, which gets its own answer (an ack) instead.
 */
export type ChatEvent =
  | { kind: 'message'; message: ChatMessage; origin: string | null }
  | {
      kind: 'read';
      chat_id: string;
      main_chat_id: string;
      by: Side;
      up_to_id: number;
      last_check_time: number;
      origin: string | null;
    }
  | {
      kind: 'typing';
      chat_id: string;
      main_chat_id: string;
      from: Side;
      from_chat_id: string;
      typing: boolean;
      origin: string | null;
    }
  | { kind: 'conversation'; conversation: StaffConversation; origin: string | null };

export const chatTopic = (companyId: number) => `chat.${companyId}`;

/** A customer's cart and sample lists, as their own modules show them (composed in app.ts). */
export interface BuyerContextSources {
  cart(
    owner: { companyId: number; websiteId: number; customerId: number },
    site: WebsiteInfo,
    lang: Language,
  ): Promise<{ lines: CartLine[]; totals: CartTotals }>;
  samples(
    owner: { companyId: number; websiteId: number; customerId: number },
    site: WebsiteInfo,
  ): Promise<SampleSummary[]>;
  /** The customer's latest orders, where the server has orders; absent: null in the context. */
  orders?(
    owner: { companyId: number; customerId: number },
    site: WebsiteInfo,
  ): Promise<NonNullable<StaffChatContext['orders']>>;
}

export interface ChatServiceDeps {
  repo: ChatRepository;
  clock: Clock;
  bus: Bus;
  signer: ChatSigner;
  context: BuyerContextSources;
  /**
   * Whether a URL in a message is a file the company's buyers or staff uploaded for the chat
   * (an im/ upload); pictures of shared products may also be catalogue pictures (isPicture).
   */
  isChatFile(url: string, companyId: number): boolean;
  isPicture(url: string): boolean;
  onPublishError?(err: unknown): void;
  /** Reports a batch of messages that failed as a whole and was written again one by one. */
  onBatchError?(err: unknown, size: number): void;
}

type Tips = StaffTranslate;

/** One line that stands for a message where only a line fits (the digest, last_message). */
export function messageSummary(content: MsgContent): string {
  const parts = content.map((e) => {
    if (e.type === 'text') return e.content;
    if (e.type === 'image') return '[image]';
    if (e.content.description === 'sharePro')
      return `[products: ${e.content.data.map((p) => p.ToyName).join(', ')}]`;
    return `[${e.content.description}]`;
  });
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

export function createChatService(deps: ChatServiceDeps) {
  const { repo, clock, bus, signer } = deps;
  const writer = createMessageWriter(repo, { onBatchError: deps.onBatchError });

  const publish = (companyId: number, event: ChatEvent) =>
    bus.publish(chatTopic(companyId), event).catch((err) => deps.onPublishError?.(err));

  const view = (r: MessageRow): ChatMessage => ({
    id: Number(r.id),
    chat_id: r.chat_id,
    main_chat_id: r.main_chat_id,
    from_chat_id: r.from_chat_id,
    from: r.from_role,
    from_name: r.from_role === 'staff' ? (r.staff_name ?? '') : r.nickname || r.customer_name || '',
    msg_content: JSON.parse(r.msg_content) as MsgContent,
    created_time: Number(r.created_at),
    status: Number(r.status) ? 1 : 0,
    gid: r.gid,
  });

  async function staffView(c: ConversationRow): Promise<StaffConversation> {
    const [last] = c.last_message_id ? await repo.messagesByIds([Number(c.last_message_id)]) : [];
    return {
      id: Number(c.id),
      chat_id: c.chat_id,
      main_chat_id: c.main_chat_id,
      customer:
        c.customer_id !== null && c.customer_name !== null
          ? {
              id: Number(c.customer_id),
              customer_name: c.customer_name,
              nickname: c.nickname ?? '',
              avatar: c.avatar ?? '',
              email: c.email ?? '',
              country: c.country ?? '',
            }
          : null,
      staff_id: c.staff_id === null ? null : Number(c.staff_id),
      staff_name: c.staff_name ?? null,
      last_message: last ? view(last) : null,
      unread_count: Number(c.staff_unread_count),
      buyer_unread_count: Number(c.unread_count),
      last_check_time: c.staff_last_check_time === null ? null : Number(c.staff_last_check_time),
      buyer_last_check_time: c.last_check_time === null ? null : Number(c.last_check_time),
      updated_at: Number(c.updated_at),
    };
  }

  const notYours = (t: Tips) => fail(ErrorCode.FORBIDDEN, t('api.chat.notYours'));

  /**
   * The conversation pair an actor may use: a buyer only its own chat id with the company's
   * service; staff any customer's of their company. Anything else is refused alike, so a buyer
   * learns nothing of another's chat id or of another company.
   */
  async function pairOf(
    actor: ChatActor,
    chatId: string,
    mainChatId: string,
  ): Promise<{ customerId: number } | null> {
    if (mainChatId !== companyChatId(actor.companyId)) return null;
    if (actor.kind === 'buyer') return chatId === actor.chatId ? { customerId: actor.customerId } : null;
    const customer = await repo.customerByChatId(actor.companyId, chatId);
    return customer ? { customerId: Number(customer.id) } : null;
  }

  /** Files in a message must be the company's chat uploads; shared pictures may be catalogue ones. */
  function filesAllowed(content: MsgContent, companyId: number): boolean {
    return content.every((e) => {
      if (e.type === 'text') return true;
      if (e.type === 'image') return deps.isChatFile(e.content.url, companyId);
      const c = e.content;
      switch (c.description) {
        case 'photo':
          return deps.isChatFile(c.data.url, companyId);
        case 'video':
          return deps.isChatFile(c.data.url, companyId) && deps.isChatFile(c.data.poster, companyId);
        case 'audio':
          return deps.isChatFile(c.data.url, companyId);
        case 'sharePro':
          return c.data.every((p) => p.Picture === '' || deps.isPicture(p.Picture));
      }
    });
  }

  function signatureOf(grant: Parameters<ChatSigner['sign']>[0], mainChatId: string | null): ChatSignature {
    const { sig, expiresAt } = signer.sign(grant);
    return { chat_id: grant.chatId, main_chat_id: mainChatId, user_sig: sig, expires_at: expiresAt };
  }

  const buyerOf = (session: SessionContext): (ChatActor & { kind: 'buyer' }) | null =>
    session.loginType === 1 && session.customerId !== null && session.user.chat_id
      ? {
          kind: 'buyer',
          companyId: session.companyId,
          websiteId: session.websiteId,
          customerId: session.customerId,
          chatId: session.user.chat_id,
        }
      : null;

  return {
    buyerOf,

    /** The staff member as the chat sees them (their own chat id), or null when they cannot chat. */
    async staffOf(staff: StaffContext, websiteId: number): Promise<(ChatActor & { kind: 'staff' }) | null> {
      const row = await repo.staffMember(staff.companyId, staff.staffId);
      if (!row?.chat_id || Number(row.status) !== 1) return null;
      return {
        kind: 'staff',
        companyId: staff.companyId,
        websiteId,
        staffId: staff.staffId,
        chatId: row.chat_id,
        name: row.name,
        role: staff.role,
      };
    },

    /** chat_user_sig of a customer's user info; null for a visitor or a customer without chat. */
    signatureFor(session: SessionContext): string | null {
      const buyer = buyerOf(session);
      if (!buyer) return null;
      return signer.sign({
        kind: 'buyer',
        companyId: buyer.companyId,
        subjectId: buyer.customerId,
        chatId: buyer.chatId,
      }).sig;
    },

    async createUserSig(
      session: SessionContext,
      input: { chat_id: string },
      t: Tips,
    ): Promise<CallResult<ChatSignature>> {
      const buyer = buyerOf(session);
      if (!buyer || input.chat_id !== buyer.chatId) return notYours(t);
      return ok(
        signatureOf(
          { kind: 'buyer', companyId: buyer.companyId, subjectId: buyer.customerId, chatId: buyer.chatId },
          companyChatId(buyer.companyId),
        ),
      );
    },

    async staffSignature(c: StaffCaller, websiteId: number): Promise<CallResult<ChatSignature>> {
      const actor = await this.staffOf(c.staff, websiteId);
      if (!actor) return fail(ErrorCode.FORBIDDEN, c.t('server.roleRefused'));
      return ok(
        signatureOf(
          { kind: 'staff', companyId: actor.companyId, subjectId: actor.staffId, chatId: actor.chatId },
          null,
        ),
      );
    },

    /** A page of history of the actor's conversation (empty before its first message). */
    async history(
      actor: ChatActor,
      input: { chat_id: string; main_chat_id: string; offset: number },
      t: Tips,
    ): Promise<CallResult<CallResponse<'get_message_record'>>> {
      if (!(await pairOf(actor, input.chat_id, input.main_chat_id))) return notYours(t);
      const conv = await repo.conversation(actor.companyId, input.chat_id, input.main_chat_id);
      const size = CHAT_LIMITS.PAGE_SIZE;
      if (!conv) return ok({ list: [], total: 0, offset: input.offset, page_size: size, has_more: false });
      const { rows, total } = await repo.page(Number(conv.id), input.offset, size);
      return ok({
        list: rows.map(view),
        total,
        offset: input.offset,
        page_size: size,
        has_more: input.offset + size < total,
      });
    },

    async buyerHistory(
      session: SessionContext,
      input: { chat_id: string; main_chat_id: string; offset: number },
      t: Tips,
    ): Promise<CallResult<CallResponse<'get_message_record'>>> {
      const buyer = buyerOf(session);
      return buyer ? this.history(buyer, input, t) : notYours(t);
    },

    /**
     * Stores a message, then answers it: nothing is acknowledged that is not saved. A gid the
     * conversation already has answers the stored message (a resend after a lost ack), stored once.
     */
    async send(
      actor: ChatActor,
      input: { gid: string; chat_id: string; main_chat_id: string; msg_content: MsgContent },
      t: Tips,
      origin: string | null = null,
    ): Promise<CallResult<{ message: ChatMessage; duplicate: boolean }>> {
      if (actor.kind === 'staff' && !(CHAT_WRITER_ROLES as readonly string[]).includes(actor.role))
        return fail(ErrorCode.FORBIDDEN, t('server.roleRefused'));
      const pair = await pairOf(actor, input.chat_id, input.main_chat_id);
      if (!pair) return notYours(t);
      // The socket parsed the frame already; services check what they are given all the same.
      const content = msgContentSchema.safeParse(input.msg_content);
      if (!content.success) return fail(ErrorCode.BAD_REQUEST, t('api.chat.badMessage'));
      if (!filesAllowed(content.data, actor.companyId))
        return fail(ErrorCode.BAD_REQUEST, t('api.chat.notOurFile'));
      const stored = await writer.write({
        companyId: actor.companyId,
        websiteId: actor.websiteId,
        customerId: pair.customerId,
        chatId: input.chat_id,
        mainChatId: input.main_chat_id,
        from: actor.kind,
        fromChatId: actor.chatId,
        staffId: actor.kind === 'staff' ? actor.staffId : null,
        msgContent: JSON.stringify(content.data),
        summary: messageSummary(content.data),
        gid: input.gid,
        now: clock.now(),
      });
      const message = view(stored.row);
      const duplicate = stored.duplicate;
      // A resend was published the first time; the others have it (or find it when they resume).
      if (!duplicate) await publish(actor.companyId, { kind: 'message', message, origin });
      return ok({ message, duplicate });
    },

    /** What an actor missed in a conversation since a message id, at most RESUME_MAX. */
    async resume(
      actor: ChatActor,
      input: { chat_id: string; main_chat_id: string; after_id: number },
      t: Tips,
    ): Promise<CallResult<{ messages: ChatMessage[]; complete: boolean }>> {
      if (!(await pairOf(actor, input.chat_id, input.main_chat_id))) return notYours(t);
      const conv = await repo.conversation(actor.companyId, input.chat_id, input.main_chat_id);
      if (!conv) return ok({ messages: [], complete: true });
      const rows = await repo.after(Number(conv.id), input.after_id, CHAT_LIMITS.RESUME_MAX + 1);
      return ok({
        messages: rows.slice(0, CHAT_LIMITS.RESUME_MAX).map(view),
        complete: rows.length <= CHAT_LIMITS.RESUME_MAX,
      });
    },

    /**
     * The actor has read the conversation up to an id (the newest when absent): the other side's
     * messages up to it are read, its unread count is what is left, and the other side is told.
     */
    async read(
      actor: ChatActor,
      input: { chat_id: string; main_chat_id: string; up_to_id?: number },
      t: Tips,
      origin: string | null = null,
    ): Promise<CallResult<ConversationRow>> {
      if (actor.kind === 'staff' && !(CHAT_WRITER_ROLES as readonly string[]).includes(actor.role))
        return fail(ErrorCode.FORBIDDEN, t('server.roleRefused'));
      if (!(await pairOf(actor, input.chat_id, input.main_chat_id))) return notYours(t);
      const conv = await repo.conversation(actor.companyId, input.chat_id, input.main_chat_id);
      if (!conv) return notYours(t);
      const now = clock.now();
      const upTo = Math.min(input.up_to_id ?? Number.MAX_SAFE_INTEGER, Number(conv.last_message_id ?? 0));
      const readId = await repo.markRead(Number(conv.id), actor.kind, upTo, now);
      const after = await repo.conversationById(actor.companyId, Number(conv.id));
      if (!after) return notYours(t);
      await publish(actor.companyId, {
        kind: 'read',
        chat_id: conv.chat_id,
        main_chat_id: conv.main_chat_id,
        by: actor.kind,
        up_to_id: readId,
        last_check_time: now,
        origin,
      });
      if (actor.kind === 'staff')
        await publish(actor.companyId, {
          kind: 'conversation',
          conversation: await staffView(after),
          origin,
        });
      return ok(after);
    },

    /** Typing is passed on, never stored. */
    async typing(
      actor: ChatActor,
      input: { chat_id: string; main_chat_id: string; typing: boolean },
      t: Tips,
      origin: string | null = null,
    ): Promise<CallResult<null>> {
      if (!(await pairOf(actor, input.chat_id, input.main_chat_id))) return notYours(t);
      await publish(actor.companyId, {
        kind: 'typing',
        chat_id: input.chat_id,
        main_chat_id: input.main_chat_id,
        from: actor.kind,
        from_chat_id: actor.chatId,
        typing: input.typing,
        origin,
      });
      return ok(null);
    },

    async setLastTime(
      session: SessionContext,
      input: { chat_id: string; main_chat_id: string },
      t: Tips,
    ): Promise<CallResult<CallResponse<'set_last_time'>>> {
      const buyer = buyerOf(session);
      if (!buyer || !(await pairOf(buyer, input.chat_id, input.main_chat_id))) return notYours(t);
      const conv = await repo.conversation(buyer.companyId, input.chat_id, input.main_chat_id);
      // Nothing said yet: nothing to read, and no conversation is made for it.
      if (!conv || conv.last_message_id === null)
        return ok({
          chat_id: input.chat_id,
          main_chat_id: input.main_chat_id,
          last_message: null,
          unread_count: 0,
          last_check_time: null,
        });
      const r = await this.read(buyer, input, t);
      if (!r.ok) return r;
      const [last] = await repo.messagesByIds([Number(r.data.last_message_id)]);
      return ok({
        chat_id: r.data.chat_id,
        main_chat_id: r.data.main_chat_id,
        last_message: last ? view(last) : null,
        unread_count: Number(r.data.unread_count),
        last_check_time: r.data.last_check_time === null ? null : Number(r.data.last_check_time),
      });
    },

    async count(
      session: SessionContext,
      input: { chat_id: string },
      t: Tips,
    ): Promise<CallResult<CallResponse<'get_count'>>> {
      const buyer = buyerOf(session);
      if (!buyer || input.chat_id !== buyer.chatId) return notYours(t);
      return ok({ count: await repo.buyerUnread(buyer.companyId, buyer.chatId) });
    },

    // --- staff -----------------------------------------------------------------------------

    async list(
      input: {
        filter: ConversationFilter;
        unread_only: boolean;
        search: string;
        page: number;
        page_size: number;
      },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_list_conversations'>>> {
      const { rows, total, unread } = await repo.list({
        companyId: c.staff.companyId,
        filter: input.filter,
        staffId: c.staff.staffId,
        unreadOnly: input.unread_only,
        search: input.search,
        limit: input.page_size,
        offset: (input.page - 1) * input.page_size,
      });
      const lastIds = rows.flatMap((r) => (r.last_message_id === null ? [] : [Number(r.last_message_id)]));
      const last = new Map((await repo.messagesByIds(lastIds)).map((m) => [Number(m.id), view(m)]));
      const list = await Promise.all(
        rows.map(async (r) => ({
          ...(await staffView({ ...r, last_message_id: null })),
          last_message: r.last_message_id === null ? null : (last.get(Number(r.last_message_id)) ?? null),
        })),
      );
      return ok({ list, total, page: input.page, page_size: input.page_size, unread_total: unread });
    },

    async staffConversation(chatId: string, c: StaffCaller) {
      const conv = await repo.conversation(c.staff.companyId, chatId, companyChatId(c.staff.companyId));
      return conv ?? null;
    },

    async staffMessages(
      input: { chat_id: string; offset: number },
      c: StaffCaller,
      websiteId: number,
    ): Promise<CallResult<CallResponse<'staff_get_messages'>>> {
      const actor = await this.staffOf(c.staff, websiteId);
      if (!actor) return fail(ErrorCode.FORBIDDEN, c.t('server.roleRefused'));
      const r = await this.history(
        actor,
        { chat_id: input.chat_id, main_chat_id: companyChatId(c.staff.companyId), offset: input.offset },
        c.t,
      );
      return r.ok ? r : fail(ErrorCode.FAILED, c.t('server.notFound'));
    },

    /** Whom a conversation can be assigned to (staff_list_chat_staff). */
    async chatStaff(c: StaffCaller): Promise<CallResult<{ list: ChatStaffMember[] }>> {
      const rows = await repo.chatStaff(c.staff.companyId);
      return ok({
        list: rows.flatMap((r) =>
          r.role === 'owner' || r.role === 'service' ? [{ id: r.id, name: r.name, role: r.role }] : [],
        ),
      });
    },

    async assign(
      input: { chat_id: string; staff_id: number | null },
      c: StaffCaller,
    ): Promise<CallResult<StaffConversation>> {
      const conv = await this.staffConversation(input.chat_id, c);
      if (!conv) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      if (input.staff_id !== null) {
        const member = await repo.staffMember(c.staff.companyId, input.staff_id);
        if (!member || Number(member.status) !== 1) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        if (!(CHAT_WRITER_ROLES as readonly string[]).includes(member.role))
          return fail(ErrorCode.FAILED, c.t('server.chat.cannotAnswer'));
      }
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await tx.assign(c.staff.companyId, Number(conv.id), input.staff_id);
        await tx.audit(
          staffAuditEntry(
            c,
            now,
            'staff_assign_conversation',
            `conversation:${conv.id}`,
            { staff_id: conv.staff_id },
            { staff_id: input.staff_id },
          ),
        );
      });
      const after = await repo.conversationById(c.staff.companyId, Number(conv.id));
      if (!after) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const conversation = await staffView(after);
      await publish(c.staff.companyId, { kind: 'conversation', conversation, origin: null });
      return ok(conversation, c.t('server.saved'));
    },

    async markRead(
      input: { chat_id: string },
      c: StaffCaller,
      websiteId: number,
    ): Promise<CallResult<StaffConversation>> {
      const actor = await this.staffOf(c.staff, websiteId);
      if (!actor) return fail(ErrorCode.FORBIDDEN, c.t('server.roleRefused'));
      const conv = await this.staffConversation(input.chat_id, c);
      if (!conv) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const r = await this.read(actor, { chat_id: conv.chat_id, main_chat_id: conv.main_chat_id }, c.t);
      if (!r.ok) return r;
      return ok(await staffView(r.data));
    },

    async context(
      input: { chat_id: string },
      site: WebsiteInfo,
      lang: Language,
      c: StaffCaller,
    ): Promise<CallResult<StaffChatContext>> {
      const conv = await this.staffConversation(input.chat_id, c);
      if (!conv || conv.customer_id === null) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      // The buyer's cart and lists on the website the staff member is working in (the company's).
      const owner = {
        companyId: c.staff.companyId,
        websiteId: site.id,
        customerId: Number(conv.customer_id),
      };
      const [conversation, cart, samples, orders] = await Promise.all([
        staffView(conv),
        deps.context.cart(owner, site, lang),
        deps.context.samples(owner, site),
        deps.context.orders ? deps.context.orders(owner, site) : Promise.resolve(null),
      ]);
      return ok({ conversation, cart, samples, orders });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
