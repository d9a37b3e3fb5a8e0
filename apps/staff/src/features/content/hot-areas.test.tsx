import '../../test/dom';
import { screen, within } from '@testing-library/react';
import {
  LANG_KEYS,
  type LangKey,
  type StaffFactory,
  type StaffHotArea,
  type StaffHotAreaRanking,
} from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { apiFailure, mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const texts = (en: string, zh: string) =>
  ({ ...Object.fromEntries(LANG_KEYS.map((k) => [k, ''])), en, zh }) as Record<LangKey, string>;

const area = (id: number, en: string, over: Partial<StaffHotArea> = {}): StaffHotArea => ({
  id,
  names: texts(en, `${en}中文`),
  sort: id,
  product_count: 2,
  updated_at: 1000 + id,
  ...over,
});

const ranking = (a: StaffHotArea): StaffHotAreaRanking => ({
  ...a,
  products: [
    {
      id: 501,
      product_id: 41,
      name: 'Stunt kite',
      toy_number: 'K-1',
      picture: '',
      taken_off: false,
      rank: 1,
    },
    { id: 502, product_id: 42, name: 'Box kite', toy_number: 'K-2', picture: '', taken_off: true, rank: 2 },
  ],
});

const factory = (id: number, name_en: string, over: Partial<StaffFactory> = {}): StaffFactory => ({
  id,
  name: `${name_en}厂`,
  name_en,
  contact: 'Li Wei',
  phone: '+86 754 0000',
  address: '',
  address_en: 'Chenghai',
  inspection_level: 'BSCI A',
  product_count: 12,
  inspection_count: 1,
  updated_at: 3000 + id,
  ...over,
});

describe('the buyer regions and factories screens', { timeout: 60_000 }, () => {
  it('lists the regions in order and moves one by keyboard-reachable buttons', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_hot_areas: () => ({ list: [area(1, 'Gulf'), area(2, 'Nordics')] }),
      staff_order_content: (body) => ({ ordered: (body.ids as number[]).length }),
    });
    const { user } = await renderConsole('/hotAreas');
    expect(await screen.findByRole('heading', { name: 'Buyer regions and hot rankings' })).toBeTruthy();
    const table = await screen.findByRole('table');
    // Two languages of 16 named: the translator's badge says so on each row.
    expect(within(table).getAllByText('2/16')).toHaveLength(2);
    expect(within(table).getByRole('button', { name: 'Move up: Gulf' })).toHaveProperty('disabled', true);
    await user.click(within(table).getByRole('button', { name: 'Move down: Gulf' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_order_content')[0]?.body).toEqual({ kind: 'hot_area', ids: [2, 1] }),
    );
  });

  it('saves a region’s names in 16 languages with the version it was read at', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_hot_areas: () => ({ list: [area(1, 'Gulf')] }),
      staff_save_hot_area: () => area(1, 'Gulf'),
    });
    const { user } = await renderConsole('/hotAreas');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name in العربية' }), 'الخليج');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_save_hot_area')[0]?.body).toMatchObject({
        id: 1,
        updated_at: 1001,
        hot_area: { names: { en: 'Gulf', ar: 'الخليج' } },
      }),
    );
  });

  it('shows a region’s ranking, reorders it whole, ranks a found product last and takes one out', async () => {
    const gulf = area(1, 'Gulf');
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_hot_areas: () => ({ list: [gulf] }),
      staff_get_hot_area: () => ranking(gulf),
      staff_order_content: (body) => ({ ordered: (body.ids as number[]).length }),
      staff_delete_content: () => ({ deleted: 1 }),
      staff_list_products: () => ({
        list: [{ id: 43, name: 'Sky lantern', toy_number: 'K-3', picture: '' }],
        total: 1,
        page: 1,
        page_size: 20,
      }),
      staff_add_hot_products: () => ranking(gulf),
    });
    const { user } = await renderConsole('/hotAreas');
    await user.click(await screen.findByRole('button', { name: 'Ranking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hot ranking: Gulf' });
    expect(await within(dialog).findByText('K-1 · Stunt kite')).toBeTruthy();
    expect(within(dialog).getByText('Taken off')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Move down: K-1 Stunt kite' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_order_content')[0]?.body).toEqual({ kind: 'hot_product', ids: [502, 501] }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove: K-2 Box kite' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_delete_content')[0]?.body).toEqual({ kind: 'hot_product', id: 502 }),
    );
    const search = within(dialog)
      .getAllByLabelText('Rank a product last')
      .find((e) => e.tagName === 'INPUT');
    await user.type(search as HTMLElement, 'lantern');
    await user.click(await screen.findByRole('option', { name: 'K-3 · Sky lantern' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_add_hot_products')[0]?.body).toEqual({ area_id: 1, product_ids: [43] }),
    );
  });

  it('says why the regions cannot be read, and offers customer service no way to add one', async () => {
    mockCalls({
      ...shellCalls('service'),
      staff_list_hot_areas: () => {
        throw apiFailure('staff_list_hot_areas', -1, 'The server is resting');
      },
    });
    await renderConsole('/hotAreas');
    expect(await screen.findByText('The server is resting')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a region' })).toBeNull();
  });

  it('finds factories by a search, pages them, and deletes one after saying what stays', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_factories: (body) => ({
        list: body.search
          ? [factory(2, 'Shantou Toy Works')]
          : [factory(1, 'Ningbo Plastics'), factory(2, 'Shantou Toy Works')],
        total: body.search ? 1 : 45,
        page: body.page ?? 1,
        page_size: 20,
      }),
      staff_delete_content: () => ({ deleted: 1 }),
    });
    const { user } = await renderConsole('/factories');
    expect(await screen.findByText('Ningbo Plastics')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, contact or phone' }), 'shantou');
    await vi.waitFor(() =>
      expect(calls.named('staff_list_factories').at(-1)?.body).toMatchObject({ search: 'shantou', page: 1 }),
    );
    await vi.waitFor(() => expect(screen.queryByText('Ningbo Plastics')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'More for Shantou Toy Works' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the factory?' });
    expect(
      within(confirm).getByText(/its 12 products stay in the catalogue, without a factory/),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_delete_content')[0]?.body).toEqual({ kind: 'factory', id: 2 }),
    );
  });

  it('adds a factory with every column', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_factories: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
      staff_save_factory: () => factory(9, 'Chenghai Moulds'),
    });
    const { user } = await renderConsole('/factories');
    expect(await screen.findByText('No factories yet. Add the first one.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a factory' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name in English' }), 'Chenghai Moulds');
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact person' }), 'Chen Jie');
    await user.type(within(dialog).getByRole('textbox', { name: 'Inspection level' }), 'ISO 9001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_save_factory')[0]?.body).toEqual({
        factory: {
          name: '',
          name_en: 'Chenghai Moulds',
          contact: 'Chen Jie',
          phone: '',
          address: '',
          address_en: '',
          inspection_level: 'ISO 9001',
        },
      }),
    );
  });
});
