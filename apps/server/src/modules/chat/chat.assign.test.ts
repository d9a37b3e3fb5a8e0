import { ErrorCode } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('assigning a conversation to another staff member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the company's active owners and service staff to pick from, not sales nor another company's", async () => {
    const service = await t.staffLogin('demo', 'service');
    const owner = await t.staffLogin('demo', 'owner');
    const r = await t.call('staff_list_chat_staff', {}, service);
    expect(r.code).toBe(0);
    expect(r.data.list.map((m) => m.id).sort()).toEqual([owner.staff.id, service.staff.id].sort());
    expect(r.data.list.find((m) => m.id === owner.staff.id)).toEqual({
      id: owner.staff.id,
      name: owner.staff.name,
      role: 'owner',
    });

    // A disabled service member is no longer offered.
    const made = await t.call(
      'staff_create_staff',
      { name: 'Temporary helper', email: 'temp-helper@demo.test', role: 'service' },
      owner,
    );
    expect(made.code).toBe(0);
    const withNew = await t.call('staff_list_chat_staff', {}, service);
    expect(withNew.data.list.map((m) => m.name)).toContain('Temporary helper');
    await t.call('staff_update_staff', { id: made.data.staff.id, status: 0 }, owner);
    const without = await t.call('staff_list_chat_staff', {}, service);
    expect(without.data.list.map((m) => m.name)).not.toContain('Temporary helper');

    const sales = await t.staffLogin('demo', 'sales');
    expect((await t.call('staff_list_chat_staff', {}, sales)).code).toBe(ErrorCode.FORBIDDEN);
  });

  it('assigns to a colleague picked from that list, and audits who did it', async () => {
    const service = await t.staffLogin('demo', 'service');
    const owner = await t.staffLogin('demo', 'owner');
    const buyer = await t.login('demo', 'customer');
    const chatId = buyer.user.chat_id ?? '';
    // The conversation begins with the buyer's first message.
    const socket = await t.chatAs({ ...buyer, sig: buyer.user.chat_user_sig ?? '' });
    socket.send({
      type: 'send',
      gid: `assign-${Date.now()}`,
      chat_id: chatId,
      main_chat_id: buyer.user.chat_customer_id ?? '',
      msg_content: [{ type: 'text', content: 'Who can help?' }],
    });
    await socket.next('ack');
    await socket.close();
    const r = await t.call(
      'staff_assign_conversation',
      { chat_id: chatId, staff_id: owner.staff.id },
      service,
    );
    expect(r.data).toMatchObject({ staff_id: owner.staff.id, staff_name: owner.staff.name });
    const audit = await t.call('staff_list_audit', { action: 'staff_assign_conversation' }, owner);
    expect(audit.data.list[0]).toMatchObject({
      staff_id: service.staff.id,
      after: { staff_id: owner.staff.id },
    });
  });
});
