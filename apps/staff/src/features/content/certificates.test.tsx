import '../../test/dom';
import { screen, within } from '@testing-library/react';
import {
  ErrorCode,
  LANG_KEYS,
  type LangKey,
  type StaffAbout,
  type StaffCertificate,
} from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import type * as Upload from '../../lib/upload';
import { apiFailure, mockCalls, renderConsole, shellCalls } from '../../test/render';
import { expectCardsNamedByColumns, layOutAt } from '../../test/stack';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));
vi.mock('../../lib/upload', async (original) => ({
  ...(await original<typeof Upload>()),
  uploadPicture: vi.fn(async () => '/files/c1/site/2026-11-27/page-3.png'),
}));

const certificate = (
  id: number,
  name_en: string,
  over: Partial<StaffCertificate> = {},
): StaffCertificate => ({
  id,
  kind: 'certificate',
  factory_id: null,
  factory_name: '',
  name: `${name_en}中文`,
  name_en,
  issuer: 'SGS',
  number: `SGS-${id}`,
  pictures: [],
  valid_from: null,
  valid_until: null,
  expired: false,
  sort: id,
  updated_at: 1000 + id,
  ...over,
});

const options = () => ({
  categories: [],
  factories: [
    { id: 7, name: 'Chenghai Plastics' },
    { id: 8, name: 'Shantou Wood Toys' },
  ],
  money_unit: 'USD',
});

const about = (texts: Partial<Record<LangKey, string>>, over: Partial<StaffAbout> = {}): StaffAbout => ({
  texts: { ...Object.fromEntries(LANG_KEYS.map((k) => [k, ''])), ...texts } as Record<LangKey, string>,
  show_about_us: 1,
  updated_at: 5000,
  ...over,
});

/** A Mantine select's input (its list carries the same name). */
const picker = async (label: string, within_: HTMLElement = document.body) =>
  (await within(within_).findAllByLabelText(label)).find((e) => e.tagName === 'INPUT') as HTMLElement;

describe('the certificates and about-us screens', { timeout: 60_000 }, () => {
  it('lists certificates and inspections on two tabs, expired ones marked, and orders them', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: options,
      staff_list_certificates: (body) => ({
        list:
          body.kind === 'inspection'
            ? [
                certificate(5, 'BSCI audit', {
                  kind: 'inspection',
                  factory_id: 7,
                  factory_name: 'Chenghai Plastics',
                }),
              ]
            : [
                certificate(1, 'EN71 report', { pictures: ['/files/a.png', '/files/b.png'] }),
                certificate(2, 'CE declaration', { valid_until: Date.UTC(2025, 0, 1), expired: true }),
              ],
      }),
      staff_order_content: (body) => ({ ordered: (body.ids as number[]).length }),
    });
    const { user } = await renderConsole('/certificates');
    // The first page opened loads its chunk: a slower first find.
    expect(
      await screen.findByRole('heading', { name: 'Certificates and factory inspections' }, { timeout: 5000 }),
    ).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('EN71 report')).toBeTruthy();
    expect(within(table).getByText('+1')).toBeTruthy();
    expect(within(table).getByText('Expired')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Move down: EN71 report' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_order_content')[0]?.body).toEqual({ kind: 'certificate', ids: [2, 1] }),
    );
    await user.click(screen.getByRole('tab', { name: 'Factory inspections' }));
    expect(await screen.findByText('Chenghai Plastics')).toBeTruthy();
    expect(calls.named('staff_list_certificates').at(-1)?.body).toMatchObject({ kind: 'inspection' });
  });

  it('on a portrait tablet shows each certificate and inspection as a card of named facts', async () => {
    layOutAt(734);
    mockCalls({
      ...shellCalls('owner'),
      staff_list_product_options: options,
      staff_list_certificates: (body) => ({
        list:
          body.kind === 'inspection'
            ? [
                certificate(5, 'BSCI audit', {
                  kind: 'inspection',
                  factory_id: 7,
                  factory_name: 'Chenghai Plastics',
                }),
              ]
            : [
                certificate(1, 'EN71 report', { pictures: ['/files/a.png'] }),
                certificate(2, 'CE declaration'),
              ],
      }),
    });
    const { user } = await renderConsole('/certificates');
    expect(await screen.findByText('EN71 report', undefined, { timeout: 5000 })).toBeTruthy();
    expectCardsNamedByColumns(screen.getByRole('table'));
    await user.click(screen.getByRole('tab', { name: 'Factory inspections' }));
    expect(await screen.findByText('Chenghai Plastics')).toBeTruthy();
    expectCardsNamedByColumns(screen.getByRole('table'));
  });

  it('adds an inspection with its factory, dates and pictures in order', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_product_options: options,
      staff_list_certificates: () => ({ list: [] }),
      staff_get_upload_credential: () => ({}),
      staff_save_certificate: (body) => certificate(9, 'x', body.certificate as Partial<StaffCertificate>),
    });
    const { user } = await renderConsole('/certificates');
    await user.click(await screen.findByRole('tab', { name: 'Factory inspections' }));
    expect(
      await screen.findByText('No factory inspections yet: add an audit report of a factory.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a factory inspection' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name in English' }), 'BSCI audit');
    await user.click(await picker('Factory inspected *', dialog));
    await user.click(await screen.findByRole('option', { name: 'Shantou Wood Toys' }));
    await user.type(within(dialog).getByLabelText('Valid from'), '2026-01-01');
    await user.type(within(dialog).getByLabelText('Valid until'), '2026-12-31');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'page.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: 'Picture 1' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.named('staff_save_certificate')).toHaveLength(1));
    expect(calls.named('staff_save_certificate')[0]?.body).toMatchObject({
      certificate: {
        kind: 'inspection',
        factory_id: 8,
        name_en: 'BSCI audit',
        pictures: ['/files/c1/site/2026-11-27/page-3.png'],
        valid_from: new Date(2026, 0, 1).getTime(),
        // The last millisecond of the last valid day.
        valid_until: new Date(2027, 0, 1).getTime() - 1,
      },
    });
  });

  it('lets a service user look without a way to change', async () => {
    mockCalls({
      ...shellCalls('service'),
      staff_list_product_options: options,
      staff_list_certificates: () => ({ list: [certificate(1, 'EN71 report')] }),
    });
    await renderConsole('/certificates');
    expect(await screen.findByText('EN71 report')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a certificate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View: EN71 report' })).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: options,
      staff_list_certificates: () => {
        throw apiFailure('staff_list_certificates', ErrorCode.FAILED, 'The database is away');
      },
    });
    await renderConsole('/certificates');
    expect(await screen.findByText('The database is away', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('edits the about-us text one language at a time, names the missing ones and saves all', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_get_about: () => about({ en: 'We make toys.', zh: '我们做玩具。' }),
      staff_save_about: (body) => about(body.texts as Record<LangKey, string>, { updated_at: 6000 }),
    });
    const { user } = await renderConsole('/aboutUs');
    expect(
      await screen.findByText(/Not written yet in: Español, Русский, العربية/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    const body = screen.getByRole('textbox', { name: /About us in English/ });
    expect(body).toHaveProperty('value', 'We make toys.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');
    const arabic = screen.getByRole('textbox', { name: /About us in العربية/ });
    expect(arabic.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    await user.type(arabic, 'نصنع الألعاب');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_save_about')[0]?.body).toMatchObject({
        updated_at: 5000,
        texts: { en: 'We make toys.', zh: '我们做玩具。', ar: 'نصنع الألعاب' },
      }),
    );
  });

  it('says when buyers do not see the about-us page, and a service user cannot save', async () => {
    mockCalls({
      ...shellCalls('service'),
      staff_get_about: () => about({}, { show_about_us: 0, updated_at: 0 }),
    });
    await renderConsole('/aboutUs');
    expect(
      await screen.findByText('Buyers do not see the about-us page', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText(/Not written yet in: 中文, English/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the settings' })).toBeNull();
  });
});
