import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../platform/bus';
import type { ChatClient } from '../../test/chat-client';
import { createTestApp, type TestApp } from '../../test/harness';
import { buyerUpload, key, picture, quotation, submitSample } from '../../test/orders';

type Caller = { token: string; website: number };
type Person = Caller & { sig: string; chatId: string; serviceId: string };

// Order changes reach the chat socket's connections of the buyer whose order it is and of the
// company's staff who read orders, on whichever instance they are connected (decision 0043).
describe('order changes on the socket', () => {
  const shared = new InProcessBus();
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['twin']>>;
  let staff: Person;
  let service: Person;
  let buyer: Person;
  let neighbour: Person;
  let foreign: Person;
  let foreignStaff: Caller;

  const customer = async (site: 'demo' | 'demo2'): Promise<Person> => {
    const b = await t.login(site, 'customer');
    return personOf(b.token, b.website, b.user);
  };
  const member = async (site: 'demo' | 'demo2', role: 'sales' | 'service'): Promise<Person> => {
    const s = await t.staffLogin(site, role);
    const sig = await t.call('staff_create_chat_sig', {}, s);
    return { token: s.token, website: s.website, sig: sig.data.user_sig, chatId: '', serviceId: '' };
  };
  const personOf = (
    token: string,
    website: number,
    user: { chat_user_sig?: string | null; chat_id?: string | null; chat_customer_id?: string | null },
  ): Person => ({
    token,
    website,
    sig: user.chat_user_sig ?? '',
    chatId: user.chat_id ?? '',
    serviceId: user.chat_customer_id ?? '',
  });
  const changesOf = (socket: ChatClient, id: number) =>
    socket.all('order_changed').filter((f) => f.order_id === id);

  beforeAll(async () => {
    // Two instances on one database and one bus, as behind a load balancer.
    t = await createTestApp({ bus: shared });
    other = await t.twin(shared);
    staff = await member('demo', 'sales');
    service = await member('demo', 'service');
    buyer = await customer('demo');
    foreign = await customer('demo2');
    foreignStaff = await t.staffLogin('demo2', 'owner');
    const made = await t.call('staff_create_customer', { customer_name: 'Next-door buyer' }, staff);
    const login = await t.call('login', { website_id: buyer.website, code: made.data.password });
    neighbour = personOf(login.data.token, buyer.website, login.data.user);
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
  });

  it("tells the buyer's sockets, on either instance, each status its order takes, and nothing of its draft", async () => {
    const here = await t.chatAs(buyer);
    const there = await t.chatAs(buyer, other);
    const id = await quotation(t, staff, await submitSample(t, buyer));

    // Made and edited as a draft, then sent: the buyer hears of it when it can see it.
    expect(await here.next('order_changed', (f) => f.order_id === id)).toEqual({
      type: 'order_changed',
      order_id: id,
      status: 'quoted',
    });
    await there.next('order_changed', (f) => f.order_id === id && f.status === 'quoted');
    expect(changesOf(here, id).map((f) => f.status)).toEqual(['quoted']);

    await t.call('update_confirm_order', { id, action: 'confirm_order', idempotency_key: key() }, buyer);
    await there.next('order_changed', (f) => f.order_id === id && f.status === 'pending_payment');
    const url = await buyerUpload(t, buyer, 'voucher', await picture('png'));
    const paid = await t.call(
      'submit_order_voucher',
      { id, part: 'deposit', url, idempotency_key: key() },
      buyer,
    );
    const voucherId = paid.data.vouchers[0]?.id ?? 0;
    await t.call('staff_review_voucher', { voucher_id: voucherId, decision: 'confirm', reason: '' }, staff);
    await there.next('order_changed', (f) => f.order_id === id && f.status === 'paid');
    const paidFrame = await here.next('order_changed', (f) => f.order_id === id && f.status === 'paid');
    // A change that keeps the status is told all the same: the page shows the new ship date.
    await t.call('staff_set_ship_date', { id, estimated_ship_date: Date.UTC(2027, 0, 15) }, staff);
    await here.next('order_changed', (f) => f.order_id === id && f.status === 'paid' && f !== paidFrame);
    expect(changesOf(here, id).map((f) => f.status)).toEqual([
      'quoted',
      'pending_payment',
      'pending_payment',
      'paid',
      'paid',
    ]);
    await Promise.all([here.close(), there.close()]);
  });

  it('tells staff who read orders of every change, drafts too, and service staff of none', async () => {
    const sales = await t.chatAs(staff, other);
    const listener = await t.chatAs(service);
    const created = await t.call(
      'staff_create_quotation',
      { sample_id: await submitSample(t, buyer) },
      staff,
    );
    const id = created.data.order.id;
    expect(await sales.next('order_changed', (f) => f.order_id === id)).toMatchObject({ status: 'draft' });
    await t.call('staff_update_quotation', { id, account_info: 'Bank of Ningbo, 6228 0000 1234' }, staff);
    await t.call('staff_advance_order', { id, event: 'send' }, staff);
    await sales.next('order_changed', (f) => f.order_id === id && f.status === 'quoted');

    // A chat message sent after the changes reaches the service member after them, if at all.
    const buyerSocket = await t.chatAs(buyer);
    const gid = `live-${key()}`;
    buyerSocket.send({
      type: 'send',
      gid,
      chat_id: buyer.chatId,
      main_chat_id: buyer.serviceId,
      msg_content: [{ type: 'text', content: 'After the quotation' }],
    });
    await listener.next('message', (m) => m.message.gid === gid);
    expect(listener.all('order_changed')).toEqual([]);
    await Promise.all([sales.close(), listener.close(), buyerSocket.close()]);
  });

  it("never tells another buyer of the company, nor another company's people, of an order", async () => {
    const neighbourSocket = await t.chatAs(neighbour);
    const foreignSocket = await t.chatAs(foreign, other);
    const own = await t.chatAs(buyer, other);
    const id = await quotation(t, staff, await submitSample(t, buyer));
    await own.next('order_changed', (f) => f.order_id === id && f.status === 'quoted');

    // Each of them then hears of an order of its own; anything of the buyer's would have come first.
    const theirs = await quotation(t, staff, await submitSample(t, neighbour));
    await neighbourSocket.next('order_changed', (f) => f.order_id === theirs);
    const abroad = await quotation(t, foreignStaff, await submitSample(t, foreign));
    await foreignSocket.next('order_changed', (f) => f.order_id === abroad);

    expect(neighbourSocket.all('order_changed').map((f) => f.order_id)).toEqual([theirs]);
    expect(foreignSocket.all('order_changed').map((f) => f.order_id)).toEqual([abroad]);
    expect(changesOf(own, theirs)).toEqual([]);
    expect(changesOf(own, abroad)).toEqual([]);
    await Promise.all([neighbourSocket.close(), foreignSocket.close(), own.close()]);
  });
});
