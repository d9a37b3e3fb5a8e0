import '../test/dom';
import { ErrorCode } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoSite } from '../test/fixtures';
import { ClientErrorCode, setApiHooks } from './api-client';
import type { Envelope } from './api-request';
import { takeEarlyCall, takeSettledEarlyCall } from './early-calls';
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

  describe('once they have come', () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('are taken with when they were asked, for the first render', async () => {
      storage.setSite(demoSite);
      park(Promise.resolve({ code: 0, data: [{ id: 1 }], tip: '' }), 5_000);
      await settle();
      expect(takeSettledEarlyCall('get_advert', { position: 'home' }, 'ar', 6_000)).toEqual({
        data: [{ id: 1 }],
        at: 5_000,
      });
      expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).toBeUndefined();
    });

    it('leave an answer still on its way to the query that asks', async () => {
      storage.setSite(demoSite);
      let answer: (envelope: Envelope) => void = () => undefined;
      park(new Promise<Envelope>((resolve) => (answer = resolve)));
      expect(takeSettledEarlyCall('get_advert', { position: 'home' }, 'ar')).toBeUndefined();
      const later = takeEarlyCall('get_advert', { position: 'home' }, 'ar');
      answer({ code: 0, data: [{ id: 2 }], tip: '' });
      await expect(later).resolves.toEqual([{ id: 2 }]);
    });

    it("leave a refusal to the query, which reports it as the page's failure", async () => {
      storage.setSite(demoSite);
      park(Promise.resolve({ code: ErrorCode.WEBSITE_NOT_FOUND, data: null, tip: 'gone' }));
      await settle();
      expect(takeSettledEarlyCall('get_advert', { position: 'home' }, 'ar')).toBeUndefined();
      await expect(takeEarlyCall('get_advert', { position: 'home' }, 'ar')).rejects.toMatchObject({
        code: ErrorCode.WEBSITE_NOT_FOUND,
      });
    });

    it('are not taken once they have waited too long', async () => {
      storage.setSite(demoSite);
      park(Promise.resolve({ code: 0, data: [], tip: '' }), 1_000);
      await settle();
      expect(takeSettledEarlyCall('get_advert', { position: 'home' }, 'ar', 12_000)).toBeUndefined();
    });
  });
});
