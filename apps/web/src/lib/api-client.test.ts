import '../test/dom';
import { ErrorCode, langCodeOf, languageByKey, LIMITS } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../test/api-mock';
import { customer, demoSite } from '../test/fixtures';
import { ApiError, callApi, callApiWithTip, ClientErrorCode, isAbort, setApiHooks } from './api-client';
import { setLanguage } from './i18n';
import * as storage from './storage';

const english = languageByKey('en');
const arabic = languageByKey('ar');
if (!english || !arabic) throw new Error('languages missing');

const hooks = {
  onWebsiteNotFound: vi.fn(),
  onSessionInvalid: vi.fn(),
  onFailure: vi.fn(),
  onNeedError: vi.fn(),
};
let unhook: () => void = () => {};

beforeEach(async () => {
  await setLanguage(english);
  for (const hook of Object.values(hooks)) hook.mockReset();
  unhook = setApiHooks(hooks);
});

/** fetch that never answers, until its signal aborts. */
const hangingFetch = () =>
  vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      ),
  );

afterEach(() => unhook());

function signIn() {
  storage.setSite(demoSite);
  storage.setToken('tok-123');
  storage.setUser(customer);
}

describe('callApi', () => {
  it('posts JSON to /api/<name> and returns the data', async () => {
    const api = mockApi({ get_website_info: () => ok(demoSite) });
    await expect(callApi('get_website_info', { site: 'demo' })).resolves.toEqual(demoSite);
    const [url, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/get_website_info');
    expect(init?.method).toBe('POST');
    expect(api.calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(api.calls[0]?.body).toMatchObject({ site: 'demo' });
  });

  it('sends no Website-ID on get_website_info and login, even with a stored website', async () => {
    storage.setSite(demoSite);
    const api = mockApi({
      get_website_info: () => ok(demoSite),
      login: () => ok({ token: 't', id: 1, site: demoSite, user: customer }),
    });
    await callApi('get_website_info', {});
    await callApi('login', { website_id: 1, code: 'demo-buyer' });
    for (const call of api.calls) expect(call.headers).not.toHaveProperty('Website-ID');
  });

  it('sends Website-ID and the bearer token on the other calls', async () => {
    signIn();
    const api = mockApi({
      get_website_again: () => ok({ id: 1, site: demoSite, user: customer }),
      access_apply: () => ok(),
    });
    await callApi('get_website_again', {});
    await callApi('access_apply', { phone: '+971 50 123 4567' });
    for (const call of api.calls) {
      expect(call.headers['Website-ID']).toBe('1');
      expect(call.headers.Authorization).toBe('Bearer tok-123');
    }
  });

  it('never sends a token an older version kept for the tab from a ?token= address', async () => {
    signIn();
    window.sessionStorage.setItem('vitrine.token', 'from-url');
    const api = mockApi({ get_website_again: () => ok({ id: 1, site: demoSite, user: customer }) });
    await callApi('get_website_again', {});
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer tok-123');
  });

  it('adds lang, the 8-digit code of the language on screen', async () => {
    const api = mockApi({ get_website_info: () => ok(demoSite) });
    await callApi('get_website_info', {});
    expect(api.calls[0]?.body.lang).toBe(11201002);
    await setLanguage(arabic, { remember: true });
    await callApi('get_website_info', {});
    expect(api.calls[1]?.body.lang).toBe(langCodeOf(arabic));
    expect(storage.getLanguage()?.key).toBe('ar');
  });

  it('surfaces the tip of a failed call', async () => {
    mockApi({ login: () => fail(ErrorCode.WRONG_PASSWORD, 'Wrong password') });
    const error = await callApi('login', { website_id: 1, code: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.WRONG_PASSWORD, tip: 'Wrong password', call: 'login' });
  });

  it('returns the tip of a success when asked', async () => {
    signIn();
    mockApi({ access_apply: () => ok({}, 'Your application has been sent') });
    await expect(callApiWithTip('access_apply', { phone: '+8613800000000' })).resolves.toEqual({
      data: {},
      tip: 'Your application has been sent',
    });
  });

  it(`gives up after ${LIMITS.REQUEST_TIMEOUT_MS / 1000} s with the timeout message`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const pending = callApi('get_website_info', {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(LIMITS.REQUEST_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({
      code: ClientErrorCode.TIMEOUT,
      tip: 'Request timed out, try again later',
    });
  });

  it('reports a network failure as "Request failed to start"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await callApi('get_website_info', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ClientErrorCode.FAILED_TO_START, tip: 'Request failed to start' });
  });

  it('treats an answer that is not an envelope as a failure to start', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502</html>', { status: 502 })),
    );
    const error = await callApi('get_website_info', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ClientErrorCode.FAILED_TO_START });
  });

  it('rejects with the AbortError when the caller cancels, which is no failure', async () => {
    signIn();
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = callApi('get_website_info', {}, { signal: controller.signal, needError: true }).catch(
      (e: unknown) => e,
    );
    controller.abort();
    expect(isAbort(await pending)).toBe(true);
    for (const hook of Object.values(hooks)) expect(hook).not.toHaveBeenCalled();
    expect(storage.getUser()).not.toBeNull();
  });

  it('on -106 clears the stored user info and calls onWebsiteNotFound', async () => {
    signIn();
    mockApi({
      get_website_again: () => fail(ErrorCode.WEBSITE_NOT_FOUND, 'This showroom could not be found'),
    });
    const error = await callApi('get_website_again', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.WEBSITE_NOT_FOUND });
    expect(hooks.onWebsiteNotFound).toHaveBeenCalledWith('This showroom could not be found', error);
    expect(hooks.onFailure).not.toHaveBeenCalled();
    expect(storage.getToken()).toBeNull();
    expect(storage.getUser()).toBeNull();
    expect(storage.getSite()).toBeNull();
  });

  it('on -2 clears the session, keeps the website and calls onSessionInvalid with the tip', async () => {
    signIn();
    mockApi({ get_website_again: () => fail(ErrorCode.SESSION_INVALID, 'Your session has ended') });
    const error = await callApi('get_website_again', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.SESSION_INVALID, tip: 'Your session has ended' });
    expect(hooks.onSessionInvalid).toHaveBeenCalledWith('Your session has ended', error);
    expect(hooks.onFailure).not.toHaveBeenCalled();
    expect(storage.getToken()).toBeNull();
    expect(storage.getUser()).toBeNull();
    expect(storage.getSite()).toEqual(demoSite);
  });

  it('leaves a -2 answer to login alone', async () => {
    signIn();
    mockApi({ login: () => fail(ErrorCode.SESSION_INVALID, 'nope') });
    await expect(callApi('login', { website_id: 1, code: 'x' })).rejects.toMatchObject({
      code: ErrorCode.SESSION_INVALID,
    });
    expect(hooks.onSessionInvalid).not.toHaveBeenCalled();
    expect(storage.getToken()).toBe('tok-123');
  });

  it('clears but does not alarm on -2 when told the session end is expected (logout)', async () => {
    signIn();
    mockApi({ logout: () => fail(ErrorCode.SESSION_INVALID, 'Your session has ended') });
    await expect(callApi('logout', {}, { quietSessionEnd: true })).rejects.toBeInstanceOf(ApiError);
    expect(hooks.onSessionInvalid).not.toHaveBeenCalled();
    expect(storage.getToken()).toBeNull();
  });
});

describe('the error catalogue, app-wide', () => {
  it('reports any other failed answer to onFailure, with the server’s tip', async () => {
    signIn();
    mockApi({ access_apply: () => fail(ErrorCode.FAILED, 'Too many applications, please try again later') });
    const error = await callApi('access_apply', { phone: '+8613800000000' }).catch((e: unknown) => e);
    expect(hooks.onFailure).toHaveBeenCalledExactlyOnceWith(error);
    expect(error).toMatchObject({
      code: ErrorCode.FAILED,
      tip: 'Too many applications, please try again later',
    });
    expect(hooks.onSessionInvalid).not.toHaveBeenCalled();
    expect(hooks.onNeedError).not.toHaveBeenCalled();
    // The session is not touched by an ordinary failure.
    expect(storage.getToken()).toBe('tok-123');
  });

  it.each([
    [
      'a failed answer',
      () => mockApi({ get_website_info: () => fail(ErrorCode.INTERNAL, 'Something went wrong') }),
    ],
    [
      'a request that could not start',
      () =>
        vi.stubGlobal(
          'fetch',
          vi.fn(() => Promise.reject(new TypeError('x'))),
        ),
    ],
  ])('keeps %s to a silent caller', async (_what, arrange) => {
    arrange();
    await expect(callApi('get_website_info', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(hooks.onFailure).not.toHaveBeenCalled();
  });

  it('reports a timeout and a request that could not start to onFailure, with their messages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await callApi('get_website_info', {}).catch(() => {});
    expect(hooks.onFailure).toHaveBeenLastCalledWith(
      expect.objectContaining({ code: ClientErrorCode.FAILED_TO_START, tip: 'Request failed to start' }),
    );

    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const pending = callApi('get_website_info', {}).catch(() => {});
    await vi.advanceTimersByTimeAsync(LIMITS.REQUEST_TIMEOUT_MS);
    await pending;
    expect(hooks.onFailure).toHaveBeenLastCalledWith(
      expect.objectContaining({ code: ClientErrorCode.TIMEOUT, tip: 'Request timed out, try again later' }),
    );
    expect(hooks.onFailure).toHaveBeenCalledTimes(2);
  });

  it('handles -106 and -2 app-wide even for a silent caller', async () => {
    signIn();
    mockApi({ get_website_again: () => fail(ErrorCode.SESSION_INVALID, 'Your session has ended') });
    await callApi('get_website_again', {}, { silent: true }).catch(() => {});
    expect(hooks.onSessionInvalid).toHaveBeenCalledTimes(1);

    mockApi({
      get_website_info: () => fail(ErrorCode.WEBSITE_NOT_FOUND, 'This showroom could not be found'),
    });
    await callApi('get_website_info', { site: 'nope' }, { silent: true }).catch(() => {});
    expect(hooks.onWebsiteNotFound).toHaveBeenCalledTimes(1);
    expect(hooks.onFailure).not.toHaveBeenCalled();
  });

  it('treats -2 from login as an ordinary failure', async () => {
    mockApi({ login: () => fail(ErrorCode.SESSION_INVALID, 'nope') });
    const error = await callApi('login', { website_id: 1, code: 'x' }).catch((e: unknown) => e);
    expect(hooks.onFailure).toHaveBeenCalledWith(error);
  });

  describe('a call flagged needError', () => {
    it('clears the stored user info and calls onNeedError when it fails, and still reports it', async () => {
      signIn();
      mockApi({ access_apply: () => fail(ErrorCode.FAILED, 'Refused') });
      const error = await callApi('access_apply', { phone: '+8613800000000' }, { needError: true }).catch(
        (e: unknown) => e,
      );
      expect(hooks.onNeedError).toHaveBeenCalledExactlyOnceWith(error);
      expect(hooks.onFailure).toHaveBeenCalledExactlyOnceWith(error);
      expect(storage.getToken()).toBeNull();
      expect(storage.getUser()).toBeNull();
      // The website stays: the buyer can log in again.
      expect(storage.getSite()).toEqual(demoSite);
    });

    it('does so for a request that could not start too, and stays off the screen when silent', async () => {
      signIn();
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
      );
      await callApi('get_website_again', {}, { needError: true, silent: true }).catch(() => {});
      expect(hooks.onNeedError).toHaveBeenCalledTimes(1);
      expect(hooks.onFailure).not.toHaveBeenCalled();
      expect(storage.getUser()).toBeNull();
    });

    it('changes nothing when it succeeds', async () => {
      signIn();
      mockApi({ get_website_again: () => ok({ id: 1, site: demoSite, user: customer }) });
      await callApi('get_website_again', {}, { needError: true });
      expect(hooks.onNeedError).not.toHaveBeenCalled();
      expect(storage.getUser()).toEqual(customer);
    });
  });

  it('unwires its hooks', async () => {
    unhook();
    mockApi({ get_website_info: () => fail(ErrorCode.INTERNAL, 'Something went wrong') });
    await callApi('get_website_info', {}).catch(() => {});
    expect(hooks.onFailure).not.toHaveBeenCalled();
  });
});
