import '../test/dom';
import { ErrorCode } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoSite } from '../test/fixtures';
import { ClientErrorCode, setApiHooks } from './api-client';
import type { Envelope } from './api-request';
import { takeEarlyCall } from './early-calls';
import { earlyCallKey, parkAnswer } from './early-handoff';
import * as storage from './storage';

const park = (envelope: Promise<Envelope>, at = Date.now()) =>
  parkAnswer(earlyCallKey('get_advert', { position: 'home' }, 'ar'), envelope, at);

afterEach(() => {
  storage.clearSite();
});

describe("a landing page's early answers", () => {
  it('are handed to the query that asks the same, once', async () => {
    storage.setSite(demoSite);
    park(Promise.resolve({ code: 0, data: [{ id: 1 }], tip: '' }));
    await expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).resolves.toEqual([{ id: 1 }]);
    expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).toBeUndefined();
  });

  it('are not taken by a call that differs in body, language or website', () => {
    storage.setSite(demoSite);
    park(Promise.resolve({ code: 0, data: [], tip: '' }));
    expect(takeEarlyCall('get_advert', { position: 'news' }, 'ar')).toBeUndefined();
    expect(takeEarlyCall('get_advert', { position: 'home' }, 'en')).toBeUndefined();
    storage.setSite({ ...demoSite, id: demoSite.id + 1 });
    expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).toBeUndefined();
  });

  it('are not taken once they have waited too long', () => {
    storage.setSite(demoSite);
    park(Promise.resolve({ code: 0, data: [], tip: '' }), 1_000);
    expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar', 12_000)).toBeUndefined();
  });

  it('leave a failure to the page: nothing app-wide happens, the stored website stays', async () => {
    storage.setSite(demoSite);
    const onWebsiteNotFound = vi.fn();
    const unhook = setApiHooks({ onWebsiteNotFound });
    park(Promise.resolve({ code: ErrorCode.WEBSITE_NOT_FOUND, data: null, tip: 'gone' }));
    await expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).rejects.toMatchObject({
      code: ErrorCode.WEBSITE_NOT_FOUND,
      tip: 'gone',
    });
    expect(onWebsiteNotFound).not.toHaveBeenCalled();
    expect(storage.getSite()).not.toBeNull();
    unhook();
  });

  it('turn an answer that never came into a failure to start, asked again by the page', async () => {
    storage.setSite(demoSite);
    park(Promise.reject(new TypeError('network down')));
    await expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).rejects.toMatchObject({
      code: ClientErrorCode.FAILED_TO_START,
    });
  });
});
