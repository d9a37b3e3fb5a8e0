import '../test/dom';
import { langCodeOf, languageByKey } from '@vitrine/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../test/api-mock';
import { demoSite } from '../test/fixtures';
import { earlyCallKey, parkAnswer } from './early-handoff';
import { setLanguage } from './i18n';
import { QueryProvider, queryClient, useApiQuery } from './query';
import { sessionEnded } from './session-events';
import * as storage from './storage';

describe('the query cache', () => {
  it('forgets every answer when the session ends', () => {
    queryClient.setQueryData(['get_sample_car_list', 1, 'en', {}], { lines: [1, 2, 3] });
    sessionEnded();
    expect(queryClient.getQueryData(['get_sample_car_list', 1, 'en', {}])).toBeUndefined();
  });
});

describe('a query whose early answer has already come', () => {
  it('draws it in its first render and does not ask again', async () => {
    const english = languageByKey('en');
    if (!english) throw new Error('English missing');
    storage.setSite(demoSite);
    await setLanguage(english);
    const api = mockApi({ get_advert: () => ok([{ id: 99 }]) });
    const body = { position: 'home' } as const;
    parkAnswer(earlyCallKey('get_advert', body, 'en'), Promise.resolve(ok([{ id: 7 }])));
    await new Promise((resolve) => setTimeout(resolve, 0));

    const drawn: unknown[] = [];
    function Banners() {
      const { data } = useApiQuery('get_advert', body);
      drawn.push(data);
      return <p>{data ? `banner ${data[0]?.id}` : 'loading'}</p>;
    }
    render(
      <QueryProvider>
        <Banners />
      </QueryProvider>,
    );

    expect(drawn[0]).toEqual([{ id: 7 }]);
    expect(await screen.findByText('banner 7')).toBeTruthy();
    expect(api.named('get_advert')).toHaveLength(0);
  });
});

describe('a query after the language changes', () => {
  it('asks again in the language now on screen, whatever the client last heard', async () => {
    const [english, arabic] = [languageByKey('en'), languageByKey('ar')];
    if (!english || !arabic) throw new Error('languages missing');
    storage.setSite(demoSite);
    await setLanguage(arabic);
    const api = mockApi({ get_advert: (body) => ok([{ id: Number(body.lang) }]) });
    const body = { position: 'ad_in_list' } as const;
    function Banners() {
      const { data } = useApiQuery('get_advert', body);
      return <p>{data ? `banner ${data[0]?.id}` : 'loading'}</p>;
    }
    render(
      <QueryProvider>
        <Banners />
      </QueryProvider>,
    );
    expect(await screen.findByText(`banner ${langCodeOf(arabic)}`)).toBeTruthy();

    await act(() => setLanguage(english));
    await waitFor(() => expect(screen.getByText(`banner ${langCodeOf(english)}`)).toBeTruthy());
    expect(api.named('get_advert').map((c) => c.body.lang)).toEqual([
      langCodeOf(arabic),
      langCodeOf(english),
    ]);
  });
});
