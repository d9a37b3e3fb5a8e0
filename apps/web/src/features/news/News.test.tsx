import '@testing-library/jest-dom/vitest';
import '../../test/dom';
import { act, screen, waitFor, within, configure } from '@testing-library/react';
import { type CallResponse, languageByKey } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import * as storage from '../../lib/storage';
import { type Handler, mockApi, ok } from '../../test/api-mock';
import { renderApp } from '../../test/app';
import { demoSite, visitor } from '../../test/fixtures';
import { calendarOf, categoryFrom } from './components/news';

// Whole-app renders can be slow on a busy machine.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../app/layout/MainLayout', () => import('../../test/layout-stubs'));
vi.mock('../../app/layout/BareLayout', () => import('../../test/layout-stubs'));

type NewsItem = CallResponse<'get_company_new'>['list'][number];

const item = (id: number, category: number, title: string): NewsItem => ({
  id,
  category,
  lang: 'en',
  title,
  summary: `Summary of ${title}`,
  cover: '',
  month: '2026-03',
  day: '05',
  published_at: Date.UTC(2026, 2, 5, 12),
  click_count: 0,
});

const ALL = [item(1, 1, 'Toy fair dates'), item(2, 2, 'New test reports'), item(3, 3, 'Canton Fair booth')];

function api(extra: Record<string, Handler> = {}) {
  return mockApi({
    get_company_new: (body) => {
      const list = body.category ? ALL.filter((n) => n.category === body.category) : ALL;
      const one = ALL.find((n) => n.id === body.id);
      const detail = one
        ? { ...one, content: 'First paragraph.\n\nSecond <script>alert(1)</script> paragraph.' }
        : null;
      const page = Number(body.page);
      const size = Number(body.page_size);
      const shown = list.slice((page - 1) * size, page * size);
      return ok({ list: shown, total: list.length, page, page_size: size, detail });
    },
    log_new_click: () => ok({ logged: 1 }),
    ...extra,
  });
}

const lang = (key: string) => {
  const l = languageByKey(key);
  if (!l) throw new Error(key);
  return l;
};

beforeEach(async () => {
  queryClient.clear();
  await setLanguage(lang('en'));
  storage.setSite(demoSite);
  storage.setToken('tok-1');
  storage.setUser(visitor);
});

const here = () => window.location.pathname + window.location.search;

describe('the news list', () => {
  it('keeps the category tab in the URL, and asks the server for that category', async () => {
    const server = api();
    const { user } = renderApp('/companyNews');
    expect(await screen.findByRole('link', { name: 'Toy fair dates' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(server.named('get_company_new')[0]?.body).not.toHaveProperty('category');

    await user.click(screen.getByRole('tab', { name: 'Company announcements' }));
    await waitFor(() => expect(here()).toBe('/companyNews?category=2'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Company announcements' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    // The list of that category replaces the list of all news.
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Toy fair dates' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'New test reports' })).toBeInTheDocument();
    expect(server.named('get_company_new').at(-1)?.body).toMatchObject({ category: 2, page: 1 });

    await act(async () => {
      window.history.back();
    });
    await waitFor(() => expect(here()).toBe('/companyNews'));
    expect(await screen.findByRole('link', { name: 'Toy fair dates' })).toBeInTheDocument();
  });

  it('opens on the category the URL names', async () => {
    const server = api();
    renderApp('/companyNews?category=3');
    expect(await screen.findByRole('link', { name: 'Canton Fair booth' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Company updates' })).toHaveAttribute('aria-selected', 'true');
    expect(server.named('get_company_new')[0]?.body).toMatchObject({ category: 3 });
  });

  it('shows the month and day like a calendar, and links each item to its page', async () => {
    api();
    renderApp('/companyNews');
    const link = await screen.findByRole('link', { name: 'Toy fair dates' });
    expect(link).toHaveAttribute('href', '/newsDetails?id=1');
    const row = link.closest('li');
    if (!row) throw new Error('no row');
    const chip = row.querySelector('time');
    expect(chip).toHaveAttribute('datetime', '2026-03-05');
    expect(chip).toHaveTextContent('Mar');
    expect(chip).toHaveTextContent('5');
    expect(within(row).getByText('Summary of Toy fair dates')).toBeInTheDocument();
  });

  it('says so when a category has no news', async () => {
    api();
    renderApp('/companyNews?category=4');
    expect(await screen.findByText('No news here yet.')).toBeInTheDocument();
  });

  it('shows the last page of a category, not "no news", when the URL asks for a page past it', async () => {
    api();
    renderApp('/companyNews?category=2&page=4');
    expect(await screen.findByRole('link', { name: 'New test reports' })).toBeInTheDocument();
    expect(here()).toBe('/companyNews?category=2');
    expect(screen.queryByText('No news here yet.')).toBeNull();
  });

  it('reads categories and calendar dates defensively', () => {
    expect(categoryFrom('2')).toBe(2);
    expect(categoryFrom('5')).toBeUndefined();
    expect(categoryFrom(null)).toBeUndefined();
    expect(calendarOf('2026-11', '07')).toMatchObject({ day: '7', year: '2026', iso: '2026-11-07' });
    expect(calendarOf('soon', 'x')).toMatchObject({ iso: '' });
  });
});

describe('news written in another language than the interface', () => {
  it('says in Hebrew that the list is shown in English, and marks the English as English', async () => {
    api();
    await setLanguage(lang('he'));
    renderApp('/companyNews');
    const title = await screen.findByRole('link', { name: 'Toy fair dates' });
    expect(screen.getByText('מוצג באנגלית')).toBeInTheDocument();
    expect(title.closest('h2')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Summary of Toy fair dates')).toHaveAttribute('lang', 'en');
  });

  it('says so on the item too, its text marked English and left to right', async () => {
    api();
    await setLanguage(lang('he'));
    renderApp('/newsDetails?id=2');
    const heading = await screen.findByRole('heading', { level: 1, name: 'New test reports' });
    expect(heading).toHaveAttribute('lang', 'en');
    expect(screen.getByText('מוצג באנגלית')).toBeInTheDocument();
    const text = screen.getByText('First paragraph.').closest('[lang]');
    expect(text).toHaveAttribute('lang', 'en');
    expect(text).toHaveAttribute('dir', 'ltr');
  });

  it('says nothing when the news is in the interface language', async () => {
    api();
    renderApp('/companyNews');
    await screen.findByRole('link', { name: 'Toy fair dates' });
    expect(screen.queryByText(/^Shown in/)).toBeNull();
  });
});

describe('a news item', () => {
  it('shows the content as plain paragraphs, logs the view once, and links back', async () => {
    const server = api();
    renderApp('/newsDetails?id=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'New test reports' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(within(article).getByText('First paragraph.')).toBeInTheDocument();
    expect(within(article).getByText('Second <script>alert(1)</script> paragraph.')).toBeInTheDocument();
    expect(article.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the news' })).toHaveAttribute('href', '/companyNews');

    await waitFor(() => expect(server.named('log_new_click')).toHaveLength(1));
    expect(server.named('log_new_click')[0]?.body).toMatchObject({ id: 2 });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.named('log_new_click')).toHaveLength(1);
  });

  it('goes back to the tab it was opened from', async () => {
    api();
    const { user } = renderApp('/companyNews?category=2');
    await user.click(await screen.findByRole('link', { name: 'New test reports' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New test reports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the news' })).toHaveAttribute(
      'href',
      '/companyNews?category=2',
    );
  });

  it('says that a missing item does not exist, and logs nothing', async () => {
    const server = api();
    renderApp('/newsDetails?id=9');
    expect(await screen.findByText('This news item could not be found')).toBeInTheDocument();
    expect(server.named('log_new_click')).toHaveLength(0);
  });
});
