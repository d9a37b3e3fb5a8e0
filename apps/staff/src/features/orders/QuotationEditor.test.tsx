import '../../test/dom';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ConfirmProvider } from '../../components/confirm';
import { i18n, setLanguage } from '../../lib/i18n';
import type { DraftLine } from './draft';
import { type EditorState, QuotationEditor } from './QuotationEditor';
import type { LineProduct } from './LinesTable';
import { expectCardsNamedByColumns, layOutAt } from '../../test/stack';

const line = (id: number, over: Partial<DraftLine> = {}): DraftLine => ({
  id,
  unit: 'PCS',
  boxes: '1',
  pieces_per_box: '10',
  inner_boxes: '0',
  packaging: '',
  specifications: '',
  remark: '',
  price: '1.00',
  ...over,
});

const products = new Map<number, LineProduct>(
  [1, 2, 3].map((id) => [id, { picture: null, number: `T-${id}`, name: `Toy ${id}` }]),
);

const initial = (over: Partial<EditorState['header']> = {}, lines = [line(1), line(2)]): EditorState => ({
  header: {
    currency: 'USD',
    trade_term: 'FOB',
    deposit_percent: '30',
    valid_until: '',
    estimated_ship_date: '',
    account_info: 'Bank of Shantou, 6222 0000',
    remark: '',
    ...over,
  },
  lines,
});

async function renderEditor(state: EditorState, { editable = true } = {}) {
  await setLanguage('en');
  const onSave = vi.fn(async () => {});
  const onSend = vi.fn(async () => {});
  const router = createMemoryRouter(
    [
      {
        path: '/quote',
        element: (
          <>
            <Link to="/elsewhere">Elsewhere</Link>
            <QuotationEditor
              title="Quotation Q-1"
              status="Draft"
              statusColor="gray"
              buyer="Acme Trading"
              initial={state}
              products={products}
              today="2026-11-27"
              editable={editable}
              onSave={onSave}
              onSend={onSend}
              saving={false}
              sending={false}
            />
          </>
        ),
      },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    { initialEntries: ['/quote'] },
  );
  onTestFinished(() => router.dispose());
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { name: 'Quotation Q-1' });
  return { user, router, onSave, onSend };
}

const cell = (column: string, product: string) =>
  screen.getByRole('textbox', { name: `${column} — ${product}` }) as HTMLInputElement;
const grandTotal = () => screen.getByTestId('grand-total').textContent;

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('the quotation editor', () => {
  it('updates the line total, the order amount, deposit and balance as prices and quantities are typed', async () => {
    const { user } = await renderEditor(initial());
    expect(grandTotal()).toBe('$20.00 FOB');
    await retype(user, cell('Unit price', 'T-1'), '12.34');
    await retype(user, cell('Pcs/carton', 'T-1'), '3');
    // 1 carton × 3 pieces × 12.34 + 10 × 1.00, in cents: 3702 + 1000.
    expect(grandTotal()).toBe('$47.02 FOB');
    expect(screen.getByTestId('deposit').textContent).toBe('$14.11');
    expect(screen.getByTestId('balance').textContent).toBe('$32.91');
    expect(screen.getByText('$37.02')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('saves dollars as cents and yen as whole yen', async () => {
    const { user, onSave } = await renderEditor(
      initial({}, [line(1, { price: '0.1', pieces_per_box: '3' })]),
    );
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(grandTotal()).toBe('$0.30 FOB');

    await user.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    // 0.10 USD has no meaning in yen: the cell is refused, not rounded to 0.
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Too many decimals for this currency')).toBeTruthy();
    await retype(user, cell('Unit price', 'T-1'), '1250');
    expect(grandTotal()).toBe('¥3,750 FOB');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('marks each bad cell, says how many, and takes the focus to the first on request', async () => {
    const { user, onSave, onSend } = await renderEditor(initial());
    await retype(user, cell('Pcs/carton', 'T-1'), '2.5');
    await retype(user, cell('Unit price', 'T-2'), 'ten');
    await retype(user, screen.getByLabelText('Deposit') as HTMLInputElement, '120');
    await user.click(screen.getByRole('button', { name: 'Send to the buyer' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(/3 item\(s\) need attention/)).toBeTruthy();
    expect(screen.getByText('A whole number')).toBeTruthy();
    expect(screen.getByText('A number, like 12.50')).toBeTruthy();
    expect(screen.getByText('0 to 100')).toBeTruthy();
    expect(cell('Pcs/carton', 'T-1').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(cell('Pcs/carton', 'T-1'));
  });

  it('moves down a column with Enter and copies the cell above with Ctrl+D', async () => {
    const { user } = await renderEditor(initial({}, [line(1, { price: '2.50' }), line(2), line(3)]));
    await user.click(cell('Unit price', 'T-1'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cell('Unit price', 'T-2'));
    await user.keyboard('{Control>}d{/Control}');
    expect(cell('Unit price', 'T-2').value).toBe('2.50');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell('Unit price', 'T-3'));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(cell('Unit price', 'T-2'));
  });

  it('on a portrait tablet shows each line as a card of named cells, still typed and moved through by keys', async () => {
    layOutAt(734);
    const { user } = await renderEditor(initial({}, [line(1, { price: '2.50' }), line(2), line(3)]));
    const table = screen.getByRole('table');
    expectCardsNamedByColumns(table);
    await user.click(cell('Unit price', 'T-1'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cell('Unit price', 'T-2'));
    await retype(user, cell('Cartons', 'T-2'), '3');
    expect(within(table).getByText('$30.00')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const { user, router } = await renderEditor(initial());
    await retype(user, cell('Cartons', 'T-1'), '4');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will be lost/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/quote');
    expect(cell('Cartons', 'T-1').value).toBe('4');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave and lose the changes' }),
    );
    expect(await screen.findByText('Somewhere else')).toBeTruthy();
  });

  it('asks before sending, naming the count and the amount', async () => {
    const { user, onSend } = await renderEditor(initial());
    await user.click(screen.getByRole('button', { name: 'Send to the buyer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/2 products for \$20\.00/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send to the buyer' }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
