import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptMailer, smtpMailer } from '../../platform/mailer';
import { createTestApp, type TestApp } from '../../test/harness';
import { CHAT_MAIL_QUIET_MS } from './chat.mail';

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what it is sent. */
async function localSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          // Soft line breaks of quoted-printable joined, so texts can be looked for whole.
          raw: Buffer.concat(chunks).toString('utf8').replace(/=\r\n/g, ''),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let n = 0;
const gid = () => `mail-${process.pid}-${++n}`;

async function people(t: TestApp, site: 'demo' | 'demo2') {
  const buyer = await t.login(site, 'customer');
  const staff = await t.staffLogin(site, 'service');
  const chatId = buyer.user.chat_id ?? '';
  return {
    // Signatures are asked for when needed: the tests move the clock past their lifetime.
    buyer: {
      ...buyer,
      sig: async () => (await t.call('create_user_sig', { chat_id: chatId }, buyer)).data.user_sig,
    },
    staff: { ...staff, sig: async () => (await t.call('staff_create_chat_sig', {}, staff)).data.user_sig },
    pair: { chat_id: chatId, main_chat_id: buyer.user.chat_customer_id ?? '' },
  };
}

async function say(
  t: TestApp,
  who: { token: string; website: number; sig: () => Promise<string> },
  pair: object,
  words: string,
) {
  const s = await t.chatAs({ ...who, sig: await who.sig() });
  const g = gid();
  s.send({ type: 'send', gid: g, ...pair, msg_content: [{ type: 'text', content: words }] });
  await s.next('ack', (a) => a.gid === g);
  await s.close();
}

describe('offline chat mail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof localSmtp>>;
  let t: TestApp;
  const mailer = { current: null as ReturnType<typeof smtpMailer> | null };
  beforeAll(async () => {
    smtp = await localSmtp();
    mailer.current = smtpMailer(smtp.url, 'Vitrine <chat@vitrine.test>');
    t = await createTestApp({ mailer: mailer.current });
  });
  afterAll(async () => {
    await t.close();
    mailer.current?.close();
    await smtp.close();
  });

  it('sends staff one digest of conversations left unanswered, once per quiet period', async () => {
    const { buyer, pair } = await people(t, 'demo');
    await say(t, buyer, pair, 'Is the red truck in stock?');
    await t.app.chatMail.runNow();
    expect(smtp.received).toEqual([]);

    t.clock.advance(CHAT_MAIL_QUIET_MS);
    await t.app.chatMail.runNow();
    expect(smtp.received).toHaveLength(1);
    const digest = smtp.received[0];
    expect(digest?.to.sort()).toEqual(['owner@demo.test', 'service@demo.test']);
    expect(digest?.raw).toContain('chat conversations are waiting for an answer');
    expect(digest?.raw).toContain('Is the red truck in stock?');

    // Nothing new: nothing more, however long it waits.
    t.clock.advance(CHAT_MAIL_QUIET_MS * 3);
    await t.app.chatMail.runNow();
    expect(smtp.received).toHaveLength(1);

    // A new message after the digest: one more, once its own quiet period has passed.
    await say(t, buyer, pair, 'Hello?');
    await t.app.chatMail.runNow();
    expect(smtp.received).toHaveLength(1);
    t.clock.advance(CHAT_MAIL_QUIET_MS);
    await t.app.chatMail.runNow();
    await t.app.chatMail.runNow();
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]?.raw).toContain('Hello?');
  });

  it('mails a buyer who left a staff answer unread, once, and not one who read it', async () => {
    const { buyer, staff, pair } = await people(t, 'demo');
    await t.call('set_last_time', pair, buyer);
    const before = smtp.received.length;
    await say(t, staff, pair, 'Yes, 300 cartons are ready to ship');
    t.clock.advance(CHAT_MAIL_QUIET_MS);
    await t.app.chatMail.runNow();
    await t.app.chatMail.runNow();
    const toBuyer = smtp.received.slice(before).filter((m) => m.to.includes('carlos.mendes@example.com'));
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]?.raw).toContain('has replied to your message');
    expect(toBuyer[0]?.raw).toContain('Yes, 300 cartons are ready to ship');

    await say(t, staff, pair, 'Shall I reserve them?');
    await t.call('set_last_time', pair, buyer);
    t.clock.advance(CHAT_MAIL_QUIET_MS * 2);
    const now = smtp.received.length;
    await t.app.chatMail.runNow();
    expect(smtp.received.slice(now).filter((m) => m.to.includes('carlos.mendes@example.com'))).toEqual([]);
  });
});

describe('offline chat mail without SMTP', () => {
  let t: TestApp;
  const kept = new KeptMailer();
  beforeAll(async () => {
    t = await createTestApp({ mailer: kept });
  });
  afterAll(() => t.close());

  it("keeps and counts what it would send, in the website's language", async () => {
    const { buyer, staff, pair } = await people(t, 'demo2');
    await t.call('set_last_time', pair, buyer);
    await say(t, staff, pair, 'نعم، متوفر');
    t.clock.advance(CHAT_MAIL_QUIET_MS);
    await t.app.chatMail.runNow();
    expect(kept.count).toBe(1);
    expect(kept.kept[0]).toMatchObject({
      subject: expect.stringContaining('ردّت'),
      text: expect.stringContaining('نعم، متوفر'),
    });
  });
});
