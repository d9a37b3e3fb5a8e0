import '../../test/dom';
import { screen, waitFor } from '@testing-library/react';
import type { CallResponse } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { sample, staffOrder } from '../../test/fixtures';
import { mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const detail = (lang: string): CallResponse<'staff_get_sample'> => {
  const s = sample(2, { lang, status: 'seen', seen_at: Date.UTC(2025, 5, 2) });
  return {
    sample: s,
    lines: [],
    totals: { ...s.totals, pieces: 120, below_moq: 0 },
  };
};

const withLine = (customer_id: number | null): CallResponse<'staff_get_sample'> => {
  const d = detail('en');
  return {
    ...d,
    sample: { ...d.sample, customer_id, customer_name: customer_id ? 'Buyer 2' : '' },
    lines: [
      {
        product: { id: 3, number: 'T-3', name: 'Robot', picture: '', price: 1.25, money_unit: 'USD' },
        ctn: 2,
        pieces: 24,
        total_price: 30,
      } as unknown as CallResponse<'staff_get_sample'>['lines'][number],
    ],
  };
};

describe('making a quotation from a sample list', () => {
  it("starts a draft of the buyer's list and opens it in the editor", async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: () => ({ new_vouchers: 0, drafts: 0, quoted: 0, to_ship: 0 }),
      staff_get_sample: () => withLine(7),
      staff_create_quotation: () => staffOrder('draft', { id: 31 }),
      staff_get_order: () => staffOrder('draft', { id: 31, actions: ['edit_quotation', 'send'] }),
    });
    const { user, router } = await renderConsole('/inbox/2');
    await user.click(await screen.findByRole('button', { name: 'Make a quotation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/31'));
    expect(calls.named('staff_create_quotation').map((c) => c.body)).toEqual([{ sample_id: 2 }]);
    expect(await screen.findByRole('button', { name: 'Save draft' })).toBeTruthy();
  });

  it("cannot quote a visitor's list, which has no buyer to send it to", async () => {
    mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: () => ({ new_vouchers: 0, drafts: 0, quoted: 0, to_ship: 0 }),
      staff_get_sample: () => withLine(null),
    });
    await renderConsole('/inbox/2');
    const button = await screen.findByRole('button', { name: 'Make a quotation' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});

describe('a sample list', () => {
  it("names the buyer's language in that language, marked with its direction", async () => {
    mockCalls({ ...shellCalls('sales'), staff_get_sample: () => detail('ar') });
    await renderConsole('/inbox/2');
    const name = await screen.findByText('العربية');
    expect(name.getAttribute('lang')).toBe('ar');
    expect(name.getAttribute('dir')).toBe('rtl');
    expect(screen.queryByText('ar')).toBeNull();
  });

  it("makes the list's linesheet in the buyer's language, saying so while it is prepared", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_get_sample: () => detail('de'),
      staff_get_linesheet: async () => {
        await held;
        return {
          url: '/api/linesheet/p1.abc.def',
          filename: 'linesheet-record-S1.pdf',
          size: 1000,
          products: 2,
          language: 'de',
        };
      },
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { user } = await renderConsole('/inbox/2');
    // Mantine labels its input and its list alike: the input is the one with a value.
    await waitFor(
      () =>
        expect(
          screen
            .getAllByLabelText('Language of the linesheet')
            .some((e) => (e as HTMLInputElement).value === 'DE · Deutsch'),
        ).toBe(true),
      { timeout: 5000 },
    );
    await user.click(screen.getByRole('button', { name: 'Linesheet PDF' }));
    const preparing = await screen.findByRole('button', { name: /Preparing the linesheet/ });
    expect(preparing.getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() => expect(clicked).toEqual(['/api/linesheet/p1.abc.def']));
    expect(calls.named('staff_get_linesheet')[0]?.body).toEqual({
      language: 'de',
      selection: { kind: 'record', id: 2 },
    });
  });

  it('shows English for en, not the bare code', async () => {
    mockCalls({ ...shellCalls('sales'), staff_get_sample: () => detail('en') });
    await renderConsole('/inbox/2');
    expect(await screen.findByText('English')).toBeTruthy();
    expect(screen.queryByText('en')).toBeNull();
  });
});
