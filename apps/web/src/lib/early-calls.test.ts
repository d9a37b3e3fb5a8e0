import '../test/dom';
import { ErrorCode, langCodeOf, languageByKey } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../test/api-mock';
import { demoSite } from '../test/fixtures';
import { setApiHooks } from './api-client';
import { startEarlyCall, takeEarlyCall } from './early-calls';
import * as storage from './storage';

const arabic = languageByKey('ar');
if (!arabic) throw new Error('languages missing');

afterEach(() => {
  vi.useRealTimers();
  storage.clearSite();
});

describe('early calls', () => {
  it('asks in the language the app is about to show, and hands the answer over once', async () => {
    storage.setSite(demoSite);
    const api = mockApi({ get_advert: () => ok([{ id: 1 }]) });
    void startEarlyCall('get_advert', { position: 'home' }, arabic);
    expect(api.calls[0]?.body).toEqual({ position: 'home', lang: langCodeOf(arabic) });
    expect(api.calls[0]?.headers['Website-ID']).toBe(String(demoSite.id));
    await expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).resolves.toEqual([{ id: 1 }]);
    expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).toBeUndefined();
  });

  it('is not taken by a call that differs in body, language or website', () => {
    storage.setSite(demoSite);
    mockApi({ get_advert: () => ok([]) });
    void startEarlyCall('get_advert', { position: 'home' }, arabic);
    expect(takeEarlyCall('get_advert', { position: 'news' }, 'ar')).toBeUndefined();
    expect(takeEarlyCall('get_advert', { position: 'home' }, 'en')).toBeUndefined();
    storage.setSite({ ...demoSite, id: demoSite.id + 1 });
    expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).toBeUndefined();
  });

  it('is not taken once it has waited too long', () => {
    vi.useFakeTimers();
    storage.setSite(demoSite);
    mockApi({ get_advert: () => ok([]) });
    void startEarlyCall('get_advert', { position: 'home' }, arabic);
    vi.advanceTimersByTime(11_000);
    expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).toBeUndefined();
  });

  it('leaves a failure to the page: nothing app-wide happens, the stored website stays', async () => {
    storage.setSite(demoSite);
    const onWebsiteNotFound = vi.fn();
    const unhook = setApiHooks({ onWebsiteNotFound });
    mockApi({ get_advert: () => fail(ErrorCode.WEBSITE_NOT_FOUND, 'gone') });
    void startEarlyCall('get_advert', { position: 'home' }, arabic);
    await expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).rejects.toThrow('gone');
    expect(onWebsiteNotFound).not.toHaveBeenCalled();
    expect(storage.getSite()).not.toBeNull();
    unhook();
  });
});
