import { type CallName, calls, langCodeOf } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { callRequest, isPublicCall, readEnvelope } from './wire';
import { lang } from './test/lang';

const arabic = lang('ar');

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('the request of a call', () => {
  it('posts the body in JSON to /api/<name>, with the language code added', () => {
    const { url, init } = callRequest(
      'access_apply',
      { phone: '+971' },
      { websiteId: 7, token: 't' },
      arabic,
    );
    expect(url).toBe('/api/access_apply');
    expect(init.method).toBe('POST');
    expect(headersOf(init)['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ phone: '+971', lang: langCodeOf(arabic) });
  });

  it('names the website and the session, as far as they are known', () => {
    const named = callRequest('logout', {}, { websiteId: 7, token: 'tok' }, null);
    expect(headersOf(named.init)).toMatchObject({ 'Website-ID': '7', Authorization: 'Bearer tok' });
    expect(JSON.parse(String(named.init.body))).toEqual({});
    const unknown = headersOf(callRequest('logout', {}, { websiteId: null, token: null }, null).init);
    expect(unknown).not.toHaveProperty('Website-ID');
    expect(unknown).not.toHaveProperty('Authorization');
  });

  it('sends no Website-ID with a public call', () => {
    const { init } = callRequest('login', { website_id: 7, code: 'x' }, { websiteId: 7, token: null }, null);
    expect(headersOf(init)).not.toHaveProperty('Website-ID');
  });

  it("counts as public exactly the contract's public calls", () => {
    for (const [name, call] of Object.entries(calls)) {
      expect(isPublicCall(name as CallName), name).toBe(call.access === 'public');
    }
  });
});

describe('the envelope of an answer', () => {
  const answer = (body: string, status = 200) => new Response(body, { status });

  it('is read with its data and tip, filled in when absent', async () => {
    await expect(readEnvelope(answer('{"code":0,"data":{"a":1},"tip":"ok"}'))).resolves.toEqual({
      code: 0,
      data: { a: 1 },
      tip: 'ok',
    });
    await expect(readEnvelope(answer('{"code":-2}'))).resolves.toEqual({ code: -2, data: null, tip: '' });
  });

  it('is refused when the answer is none', async () => {
    await expect(readEnvelope(answer('<html>502</html>', 502))).rejects.toThrow('HTTP 502');
    await expect(readEnvelope(answer('{"data":1}'))).rejects.toThrow('Not an /api envelope');
  });
});
