import '../../test/dom';
import { screen, within } from '@testing-library/react';
import {
  ErrorCode,
  LANG_KEYS,
  type LangKey,
  type StaffBanner,
  type StaffBooth,
  type StaffCategory,
  type StaffNews,
  type StaffShowroom,
} from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import type * as Upload from '../../lib/upload';
import { apiFailure, mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));
vi.mock('../../lib/upload', async (original) => ({
  ...(await original<typeof Upload>()),
  uploadPicture: vi.fn(async () => '/files/c1/site/2026-11-27/banner.png'),
}));

const texts = (en: string, zh: string, more: Partial<Record<LangKey, string>> = {}) =>
  ({ ...Object.fromEntries(LANG_KEYS.map((k) => [k, ''])), en, zh, ...more }) as Record<LangKey, string>;

const category = (id: number, en: string, over: Partial<StaffCategory> = {}): StaffCategory => ({
  id,
  parent_id: null,
  names: texts(en, `${en}中文`),
  picture: '',
  status: 1,
  sort: id,
  product_count: 3,
  updated_at: 1000 + id,
  ...over,
});

const banner = (id: number, en: string, over: Partial<StaffBanner> = {}): StaffBanner => ({
  id,
  position: 'home',
  titles: texts(en, `${en}中文`),
  picture: `/files/b${id}.jpg`,
  link: { kind: 'none' },
  status: 1,
  starts_at: null,
  ends_at: null,
  sort: id,
  shown_now: true,
  updated_at: 2000 + id,
  ...over,
});

/** A Mantine select's input (its list carries the same name). */
const picker = async (label: string, within_: HTMLElement = document.body) =>
  (await within(within_).findAllByLabelText(label)).find((e) => e.tagName === 'INPUT') as HTMLElement;

const newsItem = (id: number, title: string, over: Partial<StaffNews> = {}): StaffNews => ({
  id,
  category: 2,
  lang: 'en',
  title,
  content: 'Body',
  cover: '',
  published_at: Date.UTC(2026, 10, 20),
  status: 1,
  click_count: 4,
  updated_at: 3000 + id,
  ...over,
});

describe('the showroom content screens', { timeout: 60_000 }, () => {
  it('shows the categories as a tree and puts a level in a new order', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_categories: () => ({
        list: [
          category(1, 'Vehicles'),
          category(11, 'Ride-ons', { parent_id: 1, names: texts('Ride-ons', '童车', { ar: 'ركوب' }) }),
          category(2, 'Dolls'),
        ],
      }),
      staff_order_content: (body) => ({ ordered: (body.ids as number[]).length }),
    });
    const { user } = await renderConsole('/categories');
    expect(await screen.findByRole('heading', { name: 'Categories' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('└ Ride-ons')).toBeTruthy();
    // Three languages of 16 named: the translator's badge says which are missing.
    expect(within(table).getByText('3/16')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Move up: Vehicles' })).toHaveProperty('disabled', true);
    await user.click(within(table).getByRole('button', { name: 'Move down: Vehicles' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_order_content')[0]?.body).toEqual({ kind: 'category', ids: [2, 1] }),
    );
  });

  it('offers a subcategory under a top category only, and deletes a category once asked and agreed', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_categories: () => ({
        list: [category(1, 'Vehicles'), category(11, 'Ride-ons', { parent_id: 1 })],
      }),
      staff_delete_content: () => ({ deleted: 1 }),
    });
    const { user } = await renderConsole('/categories');
    await user.click(await screen.findByRole('button', { name: 'More for Ride-ons' }));
    expect(await screen.findByRole('menuitem', { name: 'Remove' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Add a subcategory' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'More for Vehicles' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add a subcategory' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'More for Vehicles' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete the category?' });
    expect(calls.named('staff_delete_content')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_delete_content')[0]?.body).toEqual({ kind: 'category', id: 1 }),
    );
  });

  it('saves a category’s names with the version it was read at, and offers a reload when a colleague saved first', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_categories: () => ({ list: [category(1, 'Vehicles')] }),
      staff_save_category: () => {
        throw apiFailure('staff_save_category', ErrorCode.CONFLICT, 'Someone else saved this meanwhile');
      },
    });
    const { user } = await renderConsole('/categories');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const arabic = within(dialog).getByRole('textbox', { name: 'Name in العربية' });
    expect(arabic.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    await user.type(arabic, 'مركبات');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_save_category')[0]?.body).toMatchObject({
        id: 1,
        updated_at: 1001,
        category: { parent_id: null, status: 1, names: { en: 'Vehicles', ar: 'مركبات' } },
      }),
    );
    expect(await within(dialog).findByText('Someone else saved this meanwhile')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reload the list' })).toBeTruthy();
  });

  it('lets a service user read the content without a way to change it', async () => {
    mockCalls({
      ...shellCalls('service'),
      staff_list_banners: () => ({ list: [banner(1, 'Spring fair')] }),
      staff_list_categories: () => ({ list: [] }),
    });
    await renderConsole('/banners');
    expect(await screen.findByText('Spring fair')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a banner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move down: Spring fair' })).toHaveProperty('disabled', true);
  });

  it('adds a banner with a picture, a title, a page to open and its dates', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_banners: () => ({
        list: [banner(1, 'Spring fair', { link: { kind: 'page', path: '/companyNews' } })],
      }),
      staff_list_categories: () => ({ list: [category(1, 'Vehicles')] }),
      staff_get_upload_credential: () => ({}),
      staff_save_banner: (body) => banner(9, 'Autumn fair', body.banner as Partial<StaffBanner>),
    });
    const { user } = await renderConsole('/banners');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Company news')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a banner' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File(['x'], 'banner.png', { type: 'image/png' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title in English' }), 'Autumn fair');
    await user.click(await picker('Leads to', dialog));
    await user.click(await screen.findByRole('option', { name: 'A page of the showroom' }));
    await user.click(await picker('Page', dialog));
    await user.click(await screen.findByRole('option', { name: 'Hot products' }));
    await user.type(within(dialog).getByLabelText('Shown from'), '2026-12-01');
    await user.type(within(dialog).getByLabelText('Shown until (inclusive)'), '2026-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.named('staff_save_banner')).toHaveLength(1));
    const sent = calls.named('staff_save_banner')[0]?.body as { banner: Record<string, unknown> };
    expect(sent.banner).toMatchObject({
      picture: '/files/c1/site/2026-11-27/banner.png',
      titles: { en: 'Autumn fair' },
      link: { kind: 'page', path: '/productDisplay?flag=hot' },
      starts_at: new Date(2026, 11, 1).getTime(),
      // Until the end of the last day shown.
      ends_at: new Date(2027, 0, 1).getTime(),
    });
  });

  it('lists news by category and writes an item in Arabic, right to left', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_news: (body) => ({
        list:
          body.category === 3
            ? []
            : [newsItem(1, 'Autumn catalogue'), newsItem(2, 'Fair dates', { status: 0 })],
        total: body.category === 3 ? 0 : 2,
        page: 1,
        page_size: 20,
      }),
      staff_save_news: (body) => newsItem(5, 'x', body.news as Partial<StaffNews>),
    });
    const { user } = await renderConsole('/news');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Draft')).toBeTruthy();
    expect(within(table).getAllByText('Company announcement')).toHaveLength(2);
    await user.click(await picker('Category'));
    await user.click(await screen.findByRole('option', { name: 'Company dynamics' }));
    expect(await screen.findByText('No news here yet.')).toBeTruthy();
    expect(calls.named('staff_list_news').at(-1)?.body).toMatchObject({ category: 3, page: 1 });

    await user.click(screen.getByRole('button', { name: 'Write news' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await picker('Written in', dialog));
    await user.click(await screen.findByRole('option', { name: 'العربية' }));
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    expect(title.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    await user.type(title, 'كتالوج الخريف');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'وصل الكتالوج');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_save_news')[0]?.body).toMatchObject({
        news: { category: 2, lang: 'ar', title: 'كتالوج الخريف', content: 'وصل الكتالوج', status: 1 },
      }),
    );
  });

  it('edits a booth’s products in order and saves them with the booth', async () => {
    const room: StaffShowroom = {
      id: 1,
      name: '汕头展厅',
      name_en: 'Shantou showroom',
      address: '',
      address_en: 'Chenghai, Shantou',
      picture: '',
      description: '',
      sort: 0,
      updated_at: 5000,
      booths: [
        {
          id: 7,
          showroom_id: 1,
          booth_number: 'A-12',
          name: '',
          name_en: 'Kites',
          picture: '',
          sort: 0,
          product_count: 2,
          updated_at: 6000,
        },
      ],
    };
    const booth: StaffBooth = {
      ...(room.booths[0] as StaffBooth),
      products: [
        { id: 41, name: 'Stunt kite', toy_number: 'K-1', picture: '', taken_off: false },
        { id: 42, name: 'Box kite', toy_number: 'K-2', picture: '', taken_off: true },
      ],
    };
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_showrooms: () => ({ list: [room] }),
      staff_get_booth: () => booth,
      staff_save_booth: () => booth,
    });
    const { user } = await renderConsole('/showrooms');
    const section = await screen.findByRole('region', { name: 'Shantou showroom' });
    expect(within(section).getByText('Chenghai, Shantou')).toBeTruthy();
    // The showroom's Edit first, then its booth's.
    await user.click(within(section).getAllByRole('button', { name: 'Edit' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Taken off')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Move down: K-1 Stunt kite' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_save_booth')[0]?.body).toMatchObject({
        id: 7,
        updated_at: 6000,
        booth: { showroom_id: 1, booth_number: 'A-12', name_en: 'Kites', product_ids: [42, 41] },
      }),
    );
  });
});
