import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { RedisBus } from '../../platform/bus.redis';
import { createTestApp, type TestApp } from '../../test/harness';

// Two app instances on one database, each with its own Redis connections, as behind a load
// balancer. Runs where Redis is (CI's Redis pass sets REDIS_URL); skipped on a fresh clone.
const redisUrl = loadConfig(process.env).redisUrl;

describe.skipIf(!redisUrl)('the chat across two instances through Redis', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['twin']>>;
  const buses: RedisBus[] = [];
  const bus = () => {
    // A prefix per run: parallel runs and other tests on the same Redis never meet.
    const b = new RedisBus({ url: redisUrl ?? '', prefix: `chat-test:${prefix}:` });
    buses.push(b);
    return b;
  };
  const prefix = randomBytes(4).toString('hex');
  let n = 0;
  const gid = () => `redis-${prefix}-${++n}`;

  beforeAll(async () => {
    t = await createTestApp({ bus: bus() });
    other = await t.twin(bus());
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(buses.map((b) => b.close()));
  });

  async function people() {
    const buyer = await t.login('demo', 'customer');
    const staff = await t.staffLogin('demo', 'service');
    const sig = await t.call('staff_create_chat_sig', {}, staff);
    const pair = { chat_id: buyer.user.chat_id ?? '', main_chat_id: buyer.user.chat_customer_id ?? '' };
    return {
      buyer: { ...buyer, sig: buyer.user.chat_user_sig ?? '' },
      staff: { ...staff, sig: sig.data.user_sig },
      pair,
    };
  }

  it('lets a buyer on one instance and staff on the other talk in real time', async () => {
    const { buyer, staff, pair } = await people();
    const buyerSocket = await t.chatAs(buyer, t.app);
    const staffSocket = await t.chatAs(staff, other);

    const question = gid();
    buyerSocket.send({
      type: 'send',
      gid: question,
      ...pair,
      msg_content: [{ type: 'text', content: 'Hi from A' }],
    });
    const ack = await buyerSocket.next('ack', (a) => a.gid === question);
    expect((await staffSocket.next('message', (m) => m.message.gid === question)).message).toEqual(
      ack.message,
    );

    const answer = gid();
    staffSocket.send({
      type: 'send',
      gid: answer,
      ...pair,
      msg_content: [{ type: 'text', content: 'Hello from B' }],
    });
    const got = await buyerSocket.next('message', (m) => m.message.gid === answer);
    expect(got).toMatchObject({ replay: false, message: { from: 'staff', gid: answer } });

    buyerSocket.send({ type: 'typing', ...pair, typing: true });
    expect(await staffSocket.next('typing')).toMatchObject({ from: 'buyer', typing: true });
    buyerSocket.send({ type: 'read', ...pair, up_to_id: got.message.id });
    expect(await staffSocket.next('read')).toMatchObject({ by: 'buyer', up_to_id: got.message.id });
    await Promise.all([buyerSocket.close(), staffSocket.close()]);
  });

  it('redelivers on the other instance what a buyer missed, once, with a resend stored once', async () => {
    const { buyer, staff, pair } = await people();
    const staffSocket = await t.chatAs(staff, t.app);
    const away = await t.chatAs(buyer, t.app);
    const last = gid();
    away.send({
      type: 'send',
      gid: last,
      ...pair,
      msg_content: [{ type: 'text', content: 'going offline' }],
    });
    const lastId = (await away.next('ack', (a) => a.gid === last)).message.id;
    await away.close();

    const missed: number[] = [];
    for (const words of ['one', 'two', 'three']) {
      const g = gid();
      staffSocket.send({ type: 'send', gid: g, ...pair, msg_content: [{ type: 'text', content: words }] });
      missed.push((await staffSocket.next('ack', (a) => a.gid === g)).message.id);
    }

    // Back through the load balancer, on the other instance.
    const back = await t.chatAs(buyer, other);
    back.send({ type: 'resume', ...pair, after_id: lastId });
    await back.next('resumed');
    // The resend of a message whose ack was lost: stored once, answered as a duplicate.
    back.send({
      type: 'send',
      gid: last,
      ...pair,
      msg_content: [{ type: 'text', content: 'going offline' }],
    });
    expect(await back.next('ack', (a) => a.gid === last)).toMatchObject({
      duplicate: true,
      message: { id: lastId },
    });
    back.send({ type: 'ping' });
    await back.next('pong');
    expect(back.all('message').map((m) => m.message.id)).toEqual(missed);
    // Staff heard the resend nowhere: it was published the first time only.
    staffSocket.send({ type: 'ping' });
    await staffSocket.next('pong');
    expect(staffSocket.all('message').filter((m) => m.message.gid === last)).toHaveLength(1);
    await Promise.all([staffSocket.close(), back.close()]);
  });
});
