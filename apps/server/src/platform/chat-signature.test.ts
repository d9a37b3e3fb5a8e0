import { randomBytes } from 'node:crypto';
import { CHAT_LIMITS } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { createChatSigner } from './chat-signature';
import { ManualClock } from './clock';

const grant = { kind: 'buyer', companyId: 1, subjectId: 12, chatId: 'b12' } as const;

describe('chat signatures', () => {
  it('carry who may join, until when', () => {
    const clock = new ManualClock();
    const signer = createChatSigner(randomBytes(32), clock);
    const { sig, expiresAt } = signer.sign(grant);
    expect(expiresAt).toBe(clock.now() + CHAT_LIMITS.SIGNATURE_TTL_MS);
    expect(signer.verify(sig)).toEqual({ ok: true, grant: { ...grant, expiresAt } });
  });

  it('run out at their expiry', () => {
    const clock = new ManualClock();
    const signer = createChatSigner(randomBytes(32), clock);
    const { sig } = signer.sign(grant);
    clock.advance(CHAT_LIMITS.SIGNATURE_TTL_MS - 1);
    expect(signer.verify(sig).ok).toBe(true);
    clock.advance(1);
    expect(signer.verify(sig)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are refused when made with another secret, changed, or not signatures at all', () => {
    const clock = new ManualClock();
    const signer = createChatSigner(randomBytes(32), clock);
    const other = createChatSigner(randomBytes(32), clock);
    const { sig } = other.sign(grant);
    expect(signer.verify(sig)).toEqual({ ok: false, reason: 'invalid' });

    const mine = signer.sign(grant).sig;
    const [v, body, mac] = mine.split('.');
    const forged = Buffer.from(JSON.stringify(['buyer', 2, 12, 'b12', clock.now() + 1e9, 'x'])).toString(
      'base64url',
    );
    expect(signer.verify(`${v}.${forged}.${mac}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify(`${v}.${body}.${mac}x`)).toEqual({ ok: false, reason: 'invalid' });
    for (const junk of ['', 'v1', 'v1..', 'v2.a.b', 'not a signature'])
      expect(signer.verify(junk)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('differ each time, even within one millisecond', () => {
    const signer = createChatSigner(randomBytes(32), new ManualClock());
    expect(signer.sign(grant).sig).not.toBe(signer.sign(grant).sig);
  });
});
