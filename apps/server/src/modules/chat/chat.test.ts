import { CHAT_CLOSE, CHAT_LIMITS, ErrorCode, LANGUAGES, type ChatMessage } from '@vitrine/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseUrl } from '../../test/harness';
import { wavFile } from '../../test/media';

const EN = 11201002;
const ZH = 11201001;
const AR = 11201000 + LANGUAGES.findIndex((l) => l.key === 'ar') + 1;

let gids = 0;
const gid = () => `gid-${process.pid}-${++gids}-${Date.now()}`;
const text = (content: string) => [{ type: 'text' as const, content }];

/** A logged-in customer of a demo site, with what its chat needs. */
async function customer(t: TestApp, site: 'demo' | 'demo2') {
  const b = await t.login(site, 'customer');
  const { chat_id, chat_customer_id, chat_user_sig } = b.user;
  if (!chat_id || !chat_customer_id || !chat_user_sig) throw new Error('the demo customer has no chat');
  return {
    ...b,
    chatId: chat_id,
    mainChatId: chat_customer_id,
    sig: chat_user_sig,
    pair: { chat_id, main_chat_id: chat_customer_id },
  };
}

const pngFile = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#3cb46d' } })
    .png()
    .toBuffer();

/** A file uploaded for the chat (get_temp_auth, purpose im), as the widget does: its file_url. */
async function uploadedChatFile(
  t: TestApp,
  who: { token: string; website: number },
  content_type: 'image/png' | 'audio/wav',
  bytes: Buffer,
) {
  const auth = await t.call('get_temp_auth', { purpose: 'im', content_type }, who);
  if (auth.code !== 0) throw new Error(auth.tip);
  const r = await t.upload(auth.data, bytes);
  if (r.status !== 204) throw new Error(`upload: ${r.status}`);
  return auth.data.file_url;
}

async function staffMember(t: TestApp, site: 'demo' | 'demo2', role: 'owner' | 'sales' | 'service') {
  const s = await t.staffLogin(site, role);
  const sig = await t.call('staff_create_chat_sig', {}, s);
  if (sig.code !== 0) throw new Error(sig.tip);
  return { ...s, sig: sig.data.user_sig, chatId: sig.data.chat_id };
}

describe(`the chat on ${testDatabaseUrl() ? 'PostgreSQL' : 'SQLite'}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gives a customer a chat id, the company's service as counterpart and a signature; a visitor none", async () => {
    const buyer = await customer(t, 'demo');
    expect(buyer.mainChatId).toMatch(/^cs\d+$/);
    const visitor = await t.login('demo', 'visitor');
    expect(visitor.user).toMatchObject({ chat_id: null, chat_customer_id: null, chat_user_sig: null });
    const again = await t.call('get_website_again', {}, buyer);
    expect(again.data.user.chat_user_sig).toEqual(expect.any(String));
    expect(again.data.user.chat_user_sig).not.toBe(buyer.sig);
  });

  it('gives a customer created by staff a chat id of their own', async () => {
    const owner = await t.staffLogin('demo', 'owner');
    const made = await t.call('staff_create_customer', { customer_name: 'Chat newcomer' }, owner);
    const row = await t.db
      .selectFrom('customers')
      .select(['chat_id', 'chat_customer_id'])
      .where('id', '=', made.data.customer.id)
      .executeTakeFirstOrThrow();
    expect(row.chat_id).toBe(`b${made.data.customer.id}`);
    const login = await t.call('login', { website_id: owner.website, code: made.data.password });
    expect(login.data.user.chat_id).toBe(row.chat_id);
    expect(login.data.user.chat_user_sig).toEqual(expect.any(String));
  });

  it('stores a message before acknowledging it, and stores a resend with the same gid once', async () => {
    const buyer = await customer(t, 'demo');
    const socket = await t.chatAs(buyer);
    const id = gid();
    socket.send({ type: 'send', gid: id, ...buyer.pair, msg_content: text('Hello 👋 <b>not bold</b>') });
    const ack = await socket.next('ack', (a) => a.gid === id);
    // When the ack arrives, the message is in the database as sent.
    const stored = await t.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('id', '=', ack.message.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.msg_content)).toEqual(text('Hello 👋 <b>not bold</b>'));
    expect(ack).toMatchObject({
      duplicate: false,
      message: { gid: id, from: 'buyer', from_chat_id: buyer.chatId, ...buyer.pair, status: 0 },
    });

    socket.send({ type: 'send', gid: id, ...buyer.pair, msg_content: text('Hello 👋 <b>not bold</b>') });
    const again = await socket.next('ack', (a) => a.gid === id && a.duplicate);
    expect(again.message.id).toBe(ack.message.id);
    const count = await t.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gid', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    await socket.close();
  });

  it('pages history by 15 from the newest, each page oldest first, and says when it is complete', async () => {
    const buyer = await customer(t, 'demo2');
    const socket = await t.chatAs(buyer);
    const before = await t.call('get_message_record', { ...buyer.pair }, buyer);
    const start = before.data.total;
    for (let i = 1; i <= 20; i++) {
      const id = gid();
      socket.send({ type: 'send', gid: id, ...buyer.pair, msg_content: text(`message ${i}`) });
      await socket.next('ack', (a) => a.gid === id);
    }
    const first = await t.call('get_message_record', { ...buyer.pair, offset: 0 }, buyer);
    expect(first.data).toMatchObject({ total: start + 20, offset: 0, page_size: 15, has_more: true });
    expect(first.data.list.map((m) => m.msg_content[0]?.content)).toEqual(
      Array.from({ length: 15 }, (_, i) => `message ${i + 6}`),
    );
    const second = await t.call('get_message_record', { ...buyer.pair, offset: 15 }, buyer);
    expect(second.data.list.slice(-5).map((m) => m.msg_content[0]?.content)).toEqual(
      Array.from({ length: 5 }, (_, i) => `message ${i + 1}`),
    );
    expect(second.data.has_more).toBe(start + 20 > 30);
    const ids = [...second.data.list, ...first.data.list].map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await socket.close();
  });

  it("counts a buyer's unread staff messages until set_last_time, and tells staff it was read", async () => {
    const buyer = await customer(t, 'demo');
    const service = await staffMember(t, 'demo', 'service');
    const staffSocket = await t.chatAs(service);
    await t.call('set_last_time', buyer.pair, buyer);
    expect((await t.call('get_count', { chat_id: buyer.chatId }, buyer)).data.count).toBe(0);

    const sent: ChatMessage[] = [];
    for (const words of ['We have them in red', 'And in blue']) {
      const id = gid();
      staffSocket.send({ type: 'send', gid: id, ...buyer.pair, msg_content: text(words) });
      sent.push((await staffSocket.next('ack', (a) => a.gid === id)).message);
    }
    expect(sent.map((m) => m.from)).toEqual(['staff', 'staff']);
    expect((await t.call('get_count', { chat_id: buyer.chatId }, buyer)).data.count).toBe(2);

    t.clock.advance(60_000);
    const read = await t.call('set_last_time', buyer.pair, buyer);
    expect(read.data).toMatchObject({ unread_count: 0, last_check_time: t.clock.now() });
    expect(read.data.last_message?.id).toBe(sent[1]?.id);
    expect((await t.call('get_count', { chat_id: buyer.chatId }, buyer)).data.count).toBe(0);
    const receipt = await staffSocket.next('read', (r) => r.by === 'buyer' && r.up_to_id === sent[1]?.id);
    expect(receipt).toMatchObject({ ...buyer.pair, last_check_time: t.clock.now() });
    const history = await t.call('get_message_record', buyer.pair, buyer);
    expect(history.data.list.filter((m) => m.from === 'staff').every((m) => m.status === 1)).toBe(true);
    await staffSocket.close();
  });

  it('reads up to an id only: a later message stays unread', async () => {
    const buyer = await customer(t, 'demo');
    const service = await staffMember(t, 'demo', 'service');
    const staffSocket = await t.chatAs(service);
    const buyerSocket = await t.chatAs(buyer);
    await t.call('set_last_time', buyer.pair, buyer);
    const ids: number[] = [];
    for (const words of ['one', 'two']) {
      const g = gid();
      staffSocket.send({ type: 'send', gid: g, ...buyer.pair, msg_content: text(words) });
      ids.push((await staffSocket.next('ack', (a) => a.gid === g)).message.id);
    }
    buyerSocket.send({ type: 'read', ...buyer.pair, up_to_id: ids[0] ?? 0 });
    await staffSocket.next('read', (r) => r.up_to_id === ids[0]);
    expect((await t.call('get_count', { chat_id: buyer.chatId }, buyer)).data.count).toBe(1);
    await Promise.all([staffSocket.close(), buyerSocket.close()]);
  });

  it('passes typing to the other side only, and stores none of it', async () => {
    const buyer = await customer(t, 'demo');
    const service = await staffMember(t, 'demo', 'service');
    const staffSocket = await t.chatAs(service);
    const buyerSocket = await t.chatAs(buyer);
    const before = await t.call('get_message_record', buyer.pair, buyer);
    buyerSocket.send({ type: 'typing', ...buyer.pair, typing: true });
    const typing = await staffSocket.next('typing');
    expect(typing).toMatchObject({ ...buyer.pair, from: 'buyer', from_chat_id: buyer.chatId, typing: true });
    staffSocket.send({ type: 'typing', ...buyer.pair, typing: true });
    expect(await buyerSocket.next('typing')).toMatchObject({ from: 'staff', from_chat_id: service.chatId });
    // The sender's own typing came back to neither (a ping after it shows the order).
    buyerSocket.send({ type: 'ping', t: 1 });
    await buyerSocket.next('pong');
    expect(buyerSocket.all('typing').every((f) => f.from === 'staff')).toBe(true);
    expect((await t.call('get_message_record', buyer.pair, buyer)).data.total).toBe(before.data.total);
    await Promise.all([staffSocket.close(), buyerSocket.close()]);
  });

  it('redelivers after a reconnection what was missed since the last id, each message once', async () => {
    const buyer = await customer(t, 'demo2');
    const service = await staffMember(t, 'demo2', 'service');
    const staffSocket = await t.chatAs(service);
    const first = await t.chatAs(buyer);
    const g = gid();
    first.send({ type: 'send', gid: g, ...buyer.pair, msg_content: text('before the tunnel') });
    const lastKnown = (await first.next('ack', (a) => a.gid === g)).message.id;
    await first.close();

    const missed: number[] = [];
    for (const words of ['are you there?', 'we found them']) {
      const id = gid();
      staffSocket.send({ type: 'send', gid: id, ...buyer.pair, msg_content: text(words) });
      missed.push((await staffSocket.next('ack', (a) => a.gid === id)).message.id);
    }

    const back = await t.chatAs(buyer);
    back.send({ type: 'resume', ...buyer.pair, after_id: lastKnown });
    // While it resumes, staff write again: it arrives live, or in the replay, but once.
    const live = gid();
    staffSocket.send({ type: 'send', gid: live, ...buyer.pair, msg_content: text('and one more') });
    const liveId = (await staffSocket.next('ack', (a) => a.gid === live)).message.id;
    const resumed = await back.next('resumed');
    expect(resumed).toMatchObject({ complete: true });
    await back.next('message', (m) => m.message.id === liveId);
    // A second resume from the same point replays them again, but they were sent: nothing new.
    back.send({ type: 'resume', ...buyer.pair, after_id: lastKnown });
    await back.next('resumed', (r) => r !== resumed);
    back.send({ type: 'ping' });
    await back.next('pong');
    const got = back.all('message').map((m) => m.message.id);
    expect(got).toEqual([...missed, liveId]);
    expect(new Set(got).size).toBe(got.length);
    await Promise.all([staffSocket.close(), back.close()]);
  });

  it('refuses an expired or forged signature with 70001, and takes a renewed one', async () => {
    const buyer = await customer(t, 'demo');
    const socket = await t.chatAs(buyer);
    t.clock.advance(CHAT_LIMITS.SIGNATURE_TTL_MS);
    // The kick-out: the next frame (or the sweep) finds the signature run out.
    socket.send({ type: 'typing', ...buyer.pair, typing: true });
    const kicked = await socket.next('error');
    expect(kicked).toMatchObject({ code: ErrorCode.CHAT_SIGNATURE_INVALID, fatal: true });
    expect(await socket.closed).toBe(CHAT_CLOSE.SIGNATURE);

    // The old signature no longer logs in.
    const stale = await t.socket();
    stale.send({
      type: 'login',
      website_id: buyer.website,
      token: buyer.token,
      user_sig: buyer.sig,
      lang: EN,
    });
    expect(await stale.next('error')).toMatchObject({
      code: 70001,
      tip: 'Your chat sign-in has expired or is not valid; please sign in to the chat again',
    });

    const forged = await t.socket();
    forged.send({
      type: 'login',
      website_id: buyer.website,
      token: buyer.token,
      user_sig: 'v1.e30.AAAA',
      lang: ZH,
    });
    expect(await forged.next('error')).toMatchObject({
      code: 70001,
      tip: '聊天登录已过期或无效，请重新登录聊天',
    });

    const renewed = await t.call('create_user_sig', { chat_id: buyer.chatId }, buyer);
    expect(renewed.data).toMatchObject({ chat_id: buyer.chatId, main_chat_id: buyer.mainChatId });
    expect(renewed.data.expires_at).toBe(t.clock.now() + CHAT_LIMITS.SIGNATURE_TTL_MS);
    const back = await t.chatAs({ ...buyer, sig: renewed.data.user_sig });
    back.send({ type: 'ping' });
    await back.next('pong');
    await back.close();
  });

  it('kicks out a connection whose signature ran out at the next sweep', async () => {
    const buyer = await customer(t, 'demo');
    const socket = await t.chatAs(buyer);
    t.clock.advance(CHAT_LIMITS.SIGNATURE_TTL_MS);
    t.app.chatSocket.sweep();
    expect(await socket.next('error')).toMatchObject({ code: ErrorCode.CHAT_SIGNATURE_INVALID, fatal: true });
    expect(await socket.closed).toBe(CHAT_CLOSE.SIGNATURE);
  });

  it("refuses a signature of one company on another company's website, and another person's token", async () => {
    const demo = await customer(t, 'demo');
    const demo2 = await customer(t, 'demo2');
    const crossed = await t.socket();
    crossed.send({ type: 'login', website_id: demo2.website, token: demo2.token, user_sig: demo.sig });
    expect((await crossed.next('error')).code).toBe(ErrorCode.CHAT_SIGNATURE_INVALID);

    // demo's signature with demo2's token on demo's website: the token is not of that website.
    const wrongToken = await t.socket();
    wrongToken.send({ type: 'login', website_id: demo.website, token: demo2.token, user_sig: demo.sig });
    expect((await wrongToken.next('error')).code).toBe(ErrorCode.SESSION_INVALID);

    // A staff signature does not make a buyer's token staff, nor the other way round.
    const staff = await staffMember(t, 'demo', 'service');
    const mixed = await t.socket();
    mixed.send({ type: 'login', website_id: demo.website, token: demo.token, user_sig: staff.sig });
    expect((await mixed.next('error')).code).toBe(ErrorCode.SESSION_INVALID);

    const visitor = await t.login('demo', 'visitor');
    const asVisitor = await t.socket();
    asVisitor.send({ type: 'login', website_id: demo.website, token: visitor.token, user_sig: demo.sig });
    expect((await asVisitor.next('error')).code).toBe(ErrorCode.FORBIDDEN);
  });

  it("keeps buyers apart: nobody reads, writes or hears another buyer's conversation", async () => {
    const carlos = await customer(t, 'demo');
    const owner = await t.staffLogin('demo', 'owner');
    const other = await t.call('staff_create_customer', { customer_name: 'Second buyer' }, owner);
    const second = await t.call('login', { website_id: owner.website, code: other.data.password });
    const secondUser = second.data.user;
    const mallory = {
      token: second.data.token,
      website: owner.website,
      sig: secondUser.chat_user_sig ?? '',
      chatId: secondUser.chat_id ?? '',
    };
    const listening = await t.chatAs(mallory);

    const notYours = 'This conversation is not yours, or it does not exist';
    for (const [name, body] of [
      ['get_message_record', { ...carlos.pair, lang: EN }],
      ['set_last_time', { ...carlos.pair, lang: EN }],
      ['get_count', { chat_id: carlos.chatId, lang: EN }],
      ['create_user_sig', { chat_id: carlos.chatId, lang: EN }],
    ] as const) {
      const r = await t.call(name, body, mallory);
      expect({ name, code: r.code, tip: r.tip }).toEqual({ name, code: ErrorCode.FORBIDDEN, tip: notYours });
    }
    const g = gid();
    listening.send({ type: 'send', gid: g, ...carlos.pair, msg_content: text('pretending'), lang: EN });
    expect(await listening.next('error', (e) => e.gid === g)).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      tip: notYours,
      fatal: false,
    });
    listening.send({ type: 'resume', ...carlos.pair, after_id: 0 });
    expect((await listening.next('error', (e) => e.code === ErrorCode.FORBIDDEN && !e.gid)).tip).toBe(
      notYours,
    );

    // Carlos writes; the other buyer hears nothing of it.
    const carlosSocket = await t.chatAs(carlos);
    const mine = gid();
    carlosSocket.send({ type: 'send', gid: mine, ...carlos.pair, msg_content: text('private') });
    await carlosSocket.next('ack', (a) => a.gid === mine);
    const own = gid();
    listening.send({
      type: 'send',
      gid: own,
      chat_id: mallory.chatId,
      main_chat_id: carlos.mainChatId,
      msg_content: text('mine'),
    });
    await listening.next('ack', (a) => a.gid === own);
    expect(listening.all('message')).toEqual([]);
    await Promise.all([listening.close(), carlosSocket.close()]);
  });

  it("keeps companies apart: a buyer cannot reach another company's service, staff see their own", async () => {
    const demo = await customer(t, 'demo');
    const demo2 = await customer(t, 'demo2');
    const r = await t.call(
      'get_message_record',
      { chat_id: demo.chatId, main_chat_id: demo2.mainChatId },
      demo,
    );
    expect(r.code).toBe(ErrorCode.FORBIDDEN);
    const demoStaff = await staffMember(t, 'demo', 'owner');
    const demo2Staff = await staffMember(t, 'demo2', 'owner');
    const demoSocket = await t.chatAs(demoStaff);
    const demo2Socket = await t.chatAs(demo2Staff);

    const buyerSocket = await t.chatAs(demo2);
    const g = gid();
    buyerSocket.send({ type: 'send', gid: g, ...demo2.pair, msg_content: text('for demo2 only') });
    await demo2Socket.next('message', (m) => m.message.gid === g);
    // demo's staff: a ping after the message shows it was not passed on.
    demoSocket.send({ type: 'ping' });
    await demoSocket.next('pong');
    expect(demoSocket.all('message').some((m) => m.message.gid === g)).toBe(false);

    // Staff of demo cannot write into demo2's conversation, nor read it.
    const h = gid();
    demoSocket.send({ type: 'send', gid: h, ...demo2.pair, msg_content: text('hi') });
    expect((await demoSocket.next('error', (e) => e.gid === h)).code).toBe(ErrorCode.FORBIDDEN);
    const foreign = await t.call('staff_get_messages', { chat_id: demo2.chatId }, demoStaff);
    expect(foreign.code).toBe(ErrorCode.FAILED);
    const list = await t.call('staff_list_conversations', { page_size: 100 }, demoStaff);
    expect(list.data.list.map((c) => c.chat_id)).not.toContain(demo2.chatId);
    await Promise.all([demoSocket.close(), demo2Socket.close(), buyerSocket.close()]);
  });

  it('refuses bad frames with a clear message and keeps the connection', async () => {
    const buyer = await customer(t, 'demo');
    const socket = await t.chatAs(buyer, t.app, { lang: AR });
    socket.sendRaw('not json');
    expect(await socket.next('error')).toMatchObject({ code: ErrorCode.BAD_REQUEST, fatal: false });
    const empty = gid();
    socket.send({ type: 'send', gid: empty, ...buyer.pair, msg_content: text('   ') });
    expect(await socket.next('error', (e) => e.gid === empty)).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      tip: 'لا يمكن إرسال رسالة فارغة',
    });
    const huge = gid();
    socket.send({
      type: 'send',
      gid: huge,
      ...buyer.pair,
      msg_content: text('x'.repeat(CHAT_LIMITS.MAX_FRAME_BYTES)),
    });
    expect(await socket.next('error', (e) => e.code === ErrorCode.TOO_LARGE)).toMatchObject({ fatal: false });
    const foreignFile = gid();
    socket.send({
      type: 'send',
      gid: foreignFile,
      ...buyer.pair,
      msg_content: [{ type: 'image', content: { url: 'https://tracker.example/pixel.gif' } }],
    });
    expect((await socket.next('error', (e) => e.gid === foreignFile)).code).toBe(ErrorCode.BAD_REQUEST);
    socket.send({ type: 'ping' });
    await socket.next('pong');
    await socket.close();
  });

  it('limits sends per connection with a clear message', async () => {
    const buyer = await customer(t, 'demo');
    const socket = await t.chatAs(buyer, t.app, { lang: EN });
    const ids = Array.from({ length: CHAT_LIMITS.RATE_MAX_SENDS + 1 }, () => gid());
    for (const id of ids) socket.send({ type: 'send', gid: id, ...buyer.pair, msg_content: text('spam') });
    const refused = await socket.next('error', (e) => e.gid === ids.at(-1));
    expect(refused).toMatchObject({
      code: ErrorCode.TOO_MANY_REQUESTS,
      tip: 'You are sending too fast; please wait a moment',
      fatal: false,
    });
    for (const id of ids.slice(0, -1)) await socket.next('ack', (a) => a.gid === id);
    await socket.close();
  });

  it("carries the buyer's uploaded pictures and media, shared products, and refuses another company's files", async () => {
    const buyer = await customer(t, 'demo');
    const socket = await t.chatAs(buyer);
    const companyId = (await t.call('get_website_info', { site: 'demo' })).data.company_id;
    const picture = await uploadedChatFile(t, buyer, 'image/png', await pngFile());
    const voice = await uploadedChatFile(t, buyer, 'audio/wav', wavFile());
    const content = [
      { type: 'image' as const, content: { url: picture, width: 32, height: 24, size: 120 } },
      {
        type: 'custom' as const,
        content: {
          description: 'sharePro' as const,
          data: [
            {
              ToyId: 1,
              ToyName: 'Racing car',
              Picture: t.storage.publicUrl(`c${companyId}/products/1.jpg`),
              Price: 'USD 4.20',
              ToyNumber: 'T-1',
              ArticleNumber: 'A-1',
            },
          ],
        },
      },
      {
        type: 'custom' as const,
        content: { description: 'audio' as const, data: { url: voice, duration: 3, size: 1 } },
      },
    ];
    const g = gid();
    socket.send({ type: 'send', gid: g, ...buyer.pair, msg_content: content });
    const ack = await socket.next('ack', (a) => a.gid === g);
    expect(ack.message.msg_content).toEqual(content);
    // Another company's upload, real and of the same purpose, is not this chat's file.
    const theirs = await uploadedChatFile(t, await customer(t, 'demo2'), 'image/png', await pngFile());
    const other = gid();
    socket.send({
      type: 'send',
      gid: other,
      ...buyer.pair,
      msg_content: [{ type: 'image', content: { url: theirs } }],
    });
    expect((await socket.next('error', (e) => e.gid === other)).code).toBe(ErrorCode.BAD_REQUEST);
    // Nor is a file of the company's that is not a chat upload.
    const notChat = gid();
    socket.send({
      type: 'send',
      gid: notChat,
      ...buyer.pair,
      msg_content: [{ type: 'image', content: { url: t.storage.publicUrl(`c${companyId}/products/1.jpg`) } }],
    });
    expect((await socket.next('error', (e) => e.gid === notChat)).code).toBe(ErrorCode.BAD_REQUEST);
    await socket.close();
  });
});

describe('the staff inbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists conversations by last message with unread counts, mine, unassigned or all', async () => {
    const owner = await staffMember(t, 'demo', 'owner');
    const service = await staffMember(t, 'demo', 'service');
    const first = await customer(t, 'demo');
    const made = await t.call('staff_create_customer', { customer_name: 'Zoe Importer' }, owner);
    const login = await t.call('login', { website_id: owner.website, code: made.data.password });
    const zoe = {
      token: login.data.token,
      website: owner.website,
      sig: login.data.user.chat_user_sig ?? '',
      pair: { chat_id: login.data.user.chat_id ?? '', main_chat_id: login.data.user.chat_customer_id ?? '' },
    };
    for (const [who, words] of [
      [first, 'first question'],
      [zoe, 'second question'],
      [zoe, 'and another'],
    ] as const) {
      const s = await t.chatAs(who);
      const g = gid();
      t.clock.advance(1000);
      s.send({ type: 'send', gid: g, ...who.pair, msg_content: text(words) });
      await s.next('ack', (a) => a.gid === g);
      await s.close();
    }
    const all = await t.call('staff_list_conversations', {}, service);
    expect(
      all.data.list.map((c) => [c.chat_id, c.unread_count, c.last_message?.msg_content[0]?.content]),
    ).toEqual([
      [zoe.pair.chat_id, 2, 'and another'],
      [first.chatId, 1, 'first question'],
    ]);
    expect(all.data.unread_total).toBe(3);
    expect(all.data.list[0]?.customer).toMatchObject({ customer_name: 'Zoe Importer' });

    const assigned = await t.call(
      'staff_assign_conversation',
      { chat_id: zoe.pair.chat_id, staff_id: service.staff.id },
      owner,
    );
    expect(assigned.data).toMatchObject({ staff_id: service.staff.id, staff_name: service.staff.name });
    const mine = await t.call('staff_list_conversations', { filter: 'mine' }, service);
    expect(mine.data.list.map((c) => c.chat_id)).toEqual([zoe.pair.chat_id]);
    const unassigned = await t.call('staff_list_conversations', { filter: 'unassigned' }, service);
    expect(unassigned.data.list.map((c) => c.chat_id)).toEqual([first.chatId]);
    const found = await t.call('staff_list_conversations', { search: 'zoe' }, service);
    expect(found.data.total).toBe(1);

    const read = await t.call('staff_mark_read', { chat_id: zoe.pair.chat_id }, service);
    expect(read.data).toMatchObject({ unread_count: 0, last_check_time: t.clock.now() });
    const after = await t.call('staff_list_conversations', { unread_only: true }, service);
    expect(after.data.list.map((c) => c.chat_id)).toEqual([first.chatId]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff_assign_conversation')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      staff_id: owner.staff.id,
      after: JSON.stringify({ staff_id: service.staff.id }),
    });
  });

  it('assigns only to staff who answer the chat, of the company', async () => {
    const owner = await staffMember(t, 'demo', 'owner');
    const buyer = await customer(t, 'demo');
    const sales = await t.staffLogin('demo', 'sales');
    const r = await t.call(
      'staff_assign_conversation',
      { chat_id: buyer.chatId, staff_id: sales.staff.id, lang: EN },
      owner,
    );
    expect(r).toMatchObject({ code: ErrorCode.FAILED });
    const foreign = await t.staffLogin('demo2', 'service');
    expect(
      (
        await t.call(
          'staff_assign_conversation',
          { chat_id: buyer.chatId, staff_id: foreign.staff.id },
          owner,
        )
      ).code,
    ).toBe(ErrorCode.FAILED);
  });

  it("lets sales read and listen but not write, and shows staff the buyer's cart and sample lists", async () => {
    const buyer = await customer(t, 'demo');
    const products = await t.call('get_list', { page_size: 2 }, buyer);
    await t.call('add_sample_car', { ids: products.data.list.map((p) => p.id) }, buyer);
    const sales = await staffMember(t, 'demo', 'sales');
    const socket = await t.chatAs(sales);
    const g = gid();
    socket.send({ type: 'send', gid: g, ...buyer.pair, msg_content: text('sales here') });
    expect((await socket.next('error', (e) => e.gid === g)).code).toBe(ErrorCode.FORBIDDEN);
    const messages = await t.call('staff_get_messages', { chat_id: buyer.chatId }, sales);
    expect(messages.code).toBe(0);
    const context = await t.call('staff_chat_context', { chat_id: buyer.chatId }, sales);
    expect(context.data.cart.lines.map((l) => l.product.id).sort()).toEqual(
      products.data.list.map((p) => p.id).sort(),
    );
    expect(context.data.orders).toBeNull();
    expect(context.data.conversation.chat_id).toBe(buyer.chatId);
    await socket.close();
  });

  it('answers a buyer, who hears it live and as unread; staff hear the other staff', async () => {
    const buyer = await customer(t, 'demo');
    const service = await staffMember(t, 'demo', 'service');
    const owner = await staffMember(t, 'demo', 'owner');
    const buyerSocket = await t.chatAs(buyer);
    const serviceSocket = await t.chatAs(service);
    const ownerSocket = await t.chatAs(owner);
    await t.call('set_last_time', buyer.pair, buyer);
    const g = gid();
    serviceSocket.send({ type: 'send', gid: g, ...buyer.pair, msg_content: text('Yes, 48 per carton') });
    const ack = await serviceSocket.next('ack', (a) => a.gid === g);
    expect(ack.message).toMatchObject({
      from: 'staff',
      from_name: service.staff.name,
      from_chat_id: service.chatId,
    });
    expect((await buyerSocket.next('message', (m) => m.message.gid === g)).message).toEqual(ack.message);
    expect((await ownerSocket.next('message', (m) => m.message.gid === g)).replay).toBe(false);
    expect((await t.call('get_count', { chat_id: buyer.chatId }, buyer)).data.count).toBe(1);
    await Promise.all([buyerSocket.close(), serviceSocket.close(), ownerSocket.close()]);
  });
});
