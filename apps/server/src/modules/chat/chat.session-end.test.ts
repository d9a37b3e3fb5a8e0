import { randomBytes } from 'node:crypto';
import { CHAT_CLOSE, ErrorCode } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { DEMO_STAFF } from '../../db/seed/demo';
import { type Bus, InProcessBus } from '../../platform/bus';
import { RedisBus } from '../../platform/bus.redis';
import { createTestApp, type TestApp } from '../../test/harness';

const redisUrl = loadConfig(process.env).redisUrl;

async function customer(t: TestApp) {
  const b = await t.login('demo', 'customer');
  return { ...b, sig: b.user.chat_user_sig ?? '' };
}

async function staffMember(t: TestApp, role: 'owner' | 'service') {
  const s = await t.staffLogin('demo', role);
  const sig = await t.call('staff_create_chat_sig', {}, s);
  if (sig.code !== 0) throw new Error(sig.tip);
  return { ...s, sig: sig.data.user_sig };
}

/** Two instances on one database with one bus between them: the in-process one, or Redis where it runs. */
const buses: { name: string; make: () => Bus | null }[] = [
  { name: 'in-process', make: () => new InProcessBus(() => undefined) },
  {
    name: 'Redis',
    make: () =>
      redisUrl
        ? new RedisBus({ url: redisUrl, prefix: `session-end:${randomBytes(4).toString('hex')}:` })
        : null,
  },
];

describe.each(buses)('a chat socket whose session ended, over the $name bus', ({ make }) => {
  const bus = make();
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['twin']>>;
  beforeAll(async () => {
    if (!bus) return;
    t = await createTestApp({ bus });
    other = await t.twin(bus);
  });
  afterAll(async () => {
    if (!bus) return;
    await t.close();
    await bus.close();
  });

  it.skipIf(!bus)(
    "is closed as 'log in again' when the buyer logs out, on the other instance too",
    async () => {
      const buyer = await customer(t);
      const here = await t.chatAs(buyer, t.app);
      const there = await t.chatAs(buyer, other);
      // The same customer in another browser keeps its session, and its chat.
      const elsewhere = await customer(t);
      const kept = await t.chatAs(elsewhere, other);

      expect((await t.call('logout', {}, buyer)).code).toBe(0);
      for (const socket of [here, there]) {
        expect(await socket.next('error')).toMatchObject({ code: ErrorCode.SESSION_INVALID, fatal: true });
        expect(await socket.closed).toBe(CHAT_CLOSE.REFUSED);
      }

      // The ended session opens no new socket, though its signature has not run out.
      const again = await t.socket(other);
      again.send({ type: 'login', website_id: buyer.website, token: buyer.token, user_sig: buyer.sig });
      expect(await again.next('error')).toMatchObject({ code: ErrorCode.SESSION_INVALID, fatal: true });
      expect(await again.closed).toBe(CHAT_CLOSE.REFUSED);

      kept.send({ type: 'ping' });
      await kept.next('pong');
      expect(kept.closeCode).toBeNull();
      await kept.close();
    },
  );

  it.skipIf(!bus)('is closed when staff log out, and when an owner disables them', async () => {
    const service = await staffMember(t, 'service');
    const socket = await t.chatAs(service, other);
    expect((await t.call('staff_logout', {}, service)).code).toBe(0);
    expect(await socket.next('error')).toMatchObject({ code: ErrorCode.SESSION_INVALID, fatal: true });
    expect(await socket.closed).toBe(CHAT_CLOSE.REFUSED);

    const again = await staffMember(t, 'service');
    const second = await t.chatAs(again, other);
    const owner = await staffMember(t, 'owner');
    const ownerSocket = await t.chatAs(owner, t.app);
    const off = await t.call('staff_update_staff', { id: again.staff.id, status: 0 }, owner);
    expect(off.code).toBe(0);
    expect(await second.next('error')).toMatchObject({ code: ErrorCode.SESSION_INVALID, fatal: true });
    expect(await second.closed).toBe(CHAT_CLOSE.REFUSED);
    // The owner who did it chats on.
    ownerSocket.send({ type: 'ping' });
    await ownerSocket.next('pong');
    expect(ownerSocket.closeCode).toBeNull();

    expect((await t.call('staff_update_staff', { id: again.staff.id, status: 1 }, owner)).code).toBe(0);
    await ownerSocket.close();
  });

  it.skipIf(!bus)(
    "keeps the socket of the browser that changed its own password, and closes the others'",
    async () => {
      const changer = await staffMember(t, 'owner');
      const otherBrowser = await staffMember(t, 'owner');
      const mine = await t.chatAs(changer, t.app);
      const theirs = await t.chatAs(otherBrowser, other);
      const password = 'demo-owner-' + randomBytes(3).toString('hex');
      const current = DEMO_STAFF.find((m) => m.site === 'demo' && m.role === 'owner')?.password ?? '';
      const changed = await t.call(
        'staff_change_password',
        { current_password: current, new_password: password },
        changer,
      );
      expect(changed.code).toBe(0);
      expect(await theirs.next('error')).toMatchObject({ code: ErrorCode.SESSION_INVALID });
      expect(await theirs.closed).toBe(CHAT_CLOSE.REFUSED);
      mine.send({ type: 'ping' });
      await mine.next('pong');
      expect(mine.closeCode).toBeNull();
      // Back as it was, for the demo logins of the other tests.
      await t.call('staff_change_password', { current_password: password, new_password: current }, changer);
      await mine.close();
    },
  );
});
