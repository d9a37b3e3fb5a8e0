import { ErrorCode, type Language, langCodeOf, LIMITS } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type ApiClientHooks,
  ClientErrorCode,
  createApiClient,
  isAbort,
  isHandledGlobally,
} from './client';
import type { Credentials, Envelope } from './wire';
import { lang } from './test/lang';

const german = lang('de');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fake /api answering every call with `answer`; returns what it was asked. */
function serve(answer: (name: string) => Envelope) {
  const seen: { name: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = url.replace('/api/', '');
      seen.push({
        name,
        headers: init.headers as Record<string, string>,
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
      });
      return new Response(JSON.stringify(answer(name)));
    }),
  );
  return seen;
}

/** fetch that never answers, until its signal aborts. */
const hangingFetch = () =>
  vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      ),
  );

function client() {
  const state: { credentials: Credentials; language: Language } = {
    credentials: { websiteId: 3, token: 'tok' },
    language: german,
  };
  const hooks = {
    onWebsiteNotFound: vi.fn(),
    onSessionInvalid: vi.fn(),
    onFailure: vi.fn(),
    onNeedError: vi.fn(),
  } satisfies ApiClientHooks;
  const api = createApiClient({
    credentials: () => state.credentials,
    language: () => state.language,
    messages: { timeout: () => 'too slow', failedToStart: () => 'could not start' },
    hooks,
  });
  return { api, hooks, state };
}

const failing = (code: number, tip: string) => () => ({ code, data: null, tip });

describe('createApiClient', () => {
  it('asks with the credentials and the language of the moment', async () => {
    const { api, state } = client();
    const seen = serve(() => ({ code: 0, data: { ok: 1 }, tip: 'done' }));
    await expect(api.callWithTip('logout', {})).resolves.toEqual({ data: { ok: 1 }, tip: 'done' });
    state.credentials = { websiteId: 9, token: null };
    await api.call('logout', {}, { lang: lang('ar') });
    expect(seen[0]).toMatchObject({
      headers: { 'Website-ID': '3', Authorization: 'Bearer tok' },
      body: { lang: langCodeOf(german) },
    });
    expect(seen[1]?.headers).toMatchObject({ 'Website-ID': '9' });
    expect(seen[1]?.headers).not.toHaveProperty('Authorization');
    expect(seen[1]?.body.lang).toBe(11201005);
  });

  it('throws the failure as an ApiError with the tip, or the app’s message when there is none', async () => {
    const { api, hooks } = client();
    serve(failing(ErrorCode.FAILED, 'refused'));
    const error = await api.call('logout', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.FAILED, tip: 'refused', call: 'logout' });
    expect(hooks.onFailure).toHaveBeenCalledExactlyOnceWith(error);
    serve(failing(ErrorCode.FAILED, ''));
    await expect(api.call('logout', {})).rejects.toMatchObject({ tip: 'could not start' });
  });

  it(`gives up after ${LIMITS.REQUEST_TIMEOUT_MS / 1000} s, or the time asked, with the timeout message`, async () => {
    const { api } = client();
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const slow = api.call('logout', {}).catch((e: unknown) => e);
    const quick = api.call('logout', {}, { timeoutMs: 10 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    expect(await quick).toMatchObject({ code: ClientErrorCode.TIMEOUT, tip: 'too slow' });
    await vi.advanceTimersByTimeAsync(LIMITS.REQUEST_TIMEOUT_MS - 10);
    expect(await slow).toMatchObject({ code: ClientErrorCode.TIMEOUT });
  });

  it('reports a request that could not start, and no envelope, as FAILED_TO_START', async () => {
    const { api } = client();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.call('logout', {})).rejects.toMatchObject({
      code: ClientErrorCode.FAILED_TO_START,
      tip: 'could not start',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502</html>', { status: 502 })),
    );
    await expect(api.call('logout', {})).rejects.toMatchObject({ code: ClientErrorCode.FAILED_TO_START });
  });

  it('rejects with the AbortError when the caller cancels, which reaches no hook', async () => {
    const { api, hooks } = client();
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = api
      .call('logout', {}, { signal: controller.signal, needError: true })
      .catch((e: unknown) => e);
    controller.abort();
    expect(isAbort(await pending)).toBe(true);
    controller.abort();
    expect(
      isAbort(await api.call('logout', {}, { signal: controller.signal }).catch((e: unknown) => e)),
    ).toBe(true);
    for (const hook of Object.values(hooks)) expect(hook).not.toHaveBeenCalled();
  });
});

describe('the error catalogue', () => {
  it('sends -106 to onWebsiteNotFound, even for a silent caller', async () => {
    const { api, hooks } = client();
    serve(failing(ErrorCode.WEBSITE_NOT_FOUND, 'no such showroom'));
    const error = await api.call('logout', {}, { silent: true }).catch((e: unknown) => e);
    expect(hooks.onWebsiteNotFound).toHaveBeenCalledExactlyOnceWith(error);
    expect(hooks.onFailure).not.toHaveBeenCalled();
    expect(isHandledGlobally(error)).toBe(true);
  });

  it('sends -2 to onSessionInvalid, saying whether the caller expected it', async () => {
    const { api, hooks } = client();
    serve(failing(ErrorCode.SESSION_INVALID, 'session ended'));
    const error = await api.call('logout', {}).catch((e: unknown) => e);
    await api.call('logout', {}, { quietSessionEnd: true }).catch(() => {});
    expect(hooks.onSessionInvalid.mock.calls).toEqual([
      [error, false],
      [expect.any(ApiError), true],
    ]);
    expect(hooks.onFailure).not.toHaveBeenCalled();
    expect(isHandledGlobally(error)).toBe(true);
  });

  it('treats -2 from a public call (a login) as an ordinary failure', async () => {
    const { api, hooks } = client();
    serve(failing(ErrorCode.SESSION_INVALID, 'nope'));
    const error = await api.call('login', { website_id: 3, code: 'x' }).catch((e: unknown) => e);
    expect(hooks.onSessionInvalid).not.toHaveBeenCalled();
    expect(hooks.onFailure).toHaveBeenCalledExactlyOnceWith(error);
    expect(isHandledGlobally(error)).toBe(false);
  });

  it('tells onNeedError of a needError call’s failure, before the rest', async () => {
    const { api, hooks } = client();
    serve(failing(ErrorCode.FAILED, 'refused'));
    const error = await api.call('logout', {}, { needError: true, silent: true }).catch((e: unknown) => e);
    expect(hooks.onNeedError).toHaveBeenCalledExactlyOnceWith(error);
    expect(hooks.onFailure).not.toHaveBeenCalled();
  });

  it('calls no hook for an unhandled call', async () => {
    const { api, hooks } = client();
    serve(failing(ErrorCode.SESSION_INVALID, 'session ended'));
    await api.call('logout', {}, { unhandled: true, needError: true }).catch(() => {});
    for (const hook of Object.values(hooks)) expect(hook).not.toHaveBeenCalled();
  });
});

describe('an answer handed over', () => {
  it('gives the data, or the failure the client would have thrown, and calls no hook', async () => {
    const { api, hooks } = client();
    await expect(
      api.handedOverAnswer('logout', Promise.resolve({ code: 0, data: {}, tip: '' })),
    ).resolves.toEqual({});
    await expect(
      api.handedOverAnswer('logout', Promise.resolve({ code: ErrorCode.FAILED, data: null, tip: 'refused' })),
    ).rejects.toMatchObject({ code: ErrorCode.FAILED, tip: 'refused' });
    await expect(api.handedOverAnswer('logout', Promise.reject(new Error('gone')))).rejects.toMatchObject({
      code: ClientErrorCode.FAILED_TO_START,
      tip: 'could not start',
    });
    for (const hook of Object.values(hooks)) expect(hook).not.toHaveBeenCalled();
  });
});
