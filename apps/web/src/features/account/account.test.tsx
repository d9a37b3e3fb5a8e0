import '@testing-library/jest-dom/vitest';
import '../../test/dom';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { languageByKey, type OrderDetail, type OrderLine, type OrderSummary } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import * as storage from '../../lib/storage';
import { mockApi, ok } from '../../test/api-mock';
import { renderApp } from '../../test/app';
import { customer, demoSite } from '../../test/fixtures';
import type * as UploadModule from '../../lib/upload';
import { FakeWebSocket } from '@vitrine/web-core/test/fake-websocket';

// Each page's code loads on demand, slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../app/layout/MainLayout', () => import('../../test/layout-stubs'));
vi.mock('../../app/layout/BareLayout', () => import('../../test/layout-stubs'));
// Storage is another service: the upload itself is replaced, its progress reported as storage would.
const upload = vi.hoisted(() => ({ calls: [] as Blob[] }));
vi.mock('../../lib/upload', async (original) => ({
  ...(await original<typeof UploadModule>()),
  uploadWithCredential: (_auth: unknown, blob: Blob, onProgress?: (f: number) => void) => {
    upload.calls.push(blob);
    onProgress?.(0.5);
    return Promise.resolve('/files/1/voucher/2026-11-27/v.png');
  },
}));

const summary = (id: number, over: Partial<OrderSummary> = {}): OrderSummary => ({
  id,
  order_number: `Q20261127${String(id).padStart(4, '0')}`,
  status: 'quoted',
  confirm_status: 'to_be_confirmed',
  currency: 'USD',
  trade_term: 'FOB',
  order_amount: 54_000,
  deposit_percent: 30,
  deposit_amount: 16_200,
  balance_amount: 37_800,
  total_products: 2,
  total_boxes: 15,
  total_quantity: 360,
  created_at: Date.UTC(2026, 10, 20),
  updated_at: Date.UTC(2026, 10, 21),
  modified_at: Date.UTC(2026, 10, 21),
  sent_at: Date.UTC(2026, 10, 21),
  confirmed_at: null,
  valid_until: Date.UTC(2026, 11, 31),
  estimated_ship_date: null,
  pending_vouchers: 0,
  unviewed_lines: 0,
  customer_id: 7,
  customer_name: 'Carlos Mendes',
  ...over,
});

const detail = (id: number, over: Partial<OrderDetail> = {}): OrderDetail => ({
  ...summary(id),
  account_info: 'Bank of Shantou\nSWIFT STBKCNBJ\nAccount 6222 0000 1234',
  remark: '',
  pi_number: '',
  sample_id: 41,
  sample_number: 'S2026112200001',
  payment_due: null,
  vouchers: [],
  attachments: [],
  history: [
    {
      id: 1,
      event: 'send',
      from_status: 'draft',
      to_status: 'quoted',
      actor: 'staff',
      actor_name: 'Lin Wei',
      note: '',
      created_at: Date.UTC(2026, 10, 21),
    },
  ],
  proforma: { available: false, pi_number: '' },
  actions: ['edit_lines', 'confirm', 'cancel'],
  ...over,
});

const line = (id: number, name: string, boxes: number, over: Partial<OrderLine> = {}): OrderLine => ({
  id,
  product_id: id,
  picture: '',
  number: `ST-${id}`,
  name,
  purchase_quantity: boxes * 24,
  purchase_unit: 'PCS',
  boxes,
  inner_boxes: 4,
  pieces_per_box: 24,
  packaging: 'Window box',
  specifications: '30 cm',
  remark: '',
  unit_price: 150,
  amount: boxes * 24 * 150,
  carton_cbm: 0.1,
  gross_weight: 12,
  line_status: 'to_be_confirmed',
  viewed: 0,
  quoted_boxes: boxes,
  removed: 0,
  ...over,
});

const totalsOf = (lines: OrderLine[]) => ({
  products: lines.length,
  boxes: lines.reduce((s, l) => s + l.boxes, 0),
  quantity: lines.reduce((s, l) => s + l.purchase_quantity, 0),
  amount: lines.reduce((s, l) => s + l.amount, 0),
  cbm: 0,
  weight: 0,
  currency: 'USD' as const,
});

/** A fake server holding one quotation whose lines the batch actions really change. */
function quotationServer(
  start: OrderLine[] = [line(1, 'Stunt car', 10), line(2, 'Water gun', 5), line(3, 'Kite', 2)],
) {
  let lines = start;
  let status: OrderDetail['status'] = 'quoted';
  const page = () =>
    ok({ list: lines, total: lines.length, page: 1, page_size: 1000, totals: totalsOf(lines) });
  const server = mockApi({
    get_confirm_order_list: () =>
      ok({
        list: status === 'quoted' ? [summary(9)] : [],
        total: status === 'quoted' ? 1 : 0,
        page: 1,
        page_size: 50,
      }),
    get_confirm_order_Info: () => ok(detail(9, { status })),
    get_confirm_order_toy: page,
    update_confirm_order: (body) => {
      const ids = body.line_ids as number[];
      if (body.action === 'set_boxes')
        lines = lines.map((l) =>
          ids.includes(l.id)
            ? {
                ...l,
                boxes: body.boxes as number,
                purchase_quantity: (body.boxes as number) * 24,
                amount: (body.boxes as number) * 24 * 150,
              }
            : l,
        );
      if (body.action === 'delete_lines') lines = lines.filter((l) => !ids.includes(l.id));
      if (body.action === 'confirm_lines')
        lines = lines.map((l) => (ids.includes(l.id) ? { ...l, line_status: 'confirmed' } : l));
      if (body.action === 'confirm_order') status = 'pending_payment';
      return ok(detail(9, { status }));
    },
    get_order_detail: () => ok(detail(9, { status })),
    get_order_toy_list: page,
  });
  return server;
}

beforeEach(async () => {
  const en = languageByKey('en');
  if (!en) throw new Error('en');
  await setLanguage(en);
  queryClient.clear();
  window.localStorage.clear();
  storage.setSite(demoSite);
  storage.setToken('tok-1');
  storage.setUser(customer);
  upload.calls = [];
});

const rows = () => screen.findAllByTestId('order-line');

describe('the quotation confirmation page', () => {
  it("shows each line with its quantity, boxes, price and states, and the quotation's totals", async () => {
    quotationServer();
    renderApp('/quoteAckForm');
    expect(await rows()).toHaveLength(3);
    const first = within(screen.getAllByTestId('order-line')[0] as HTMLElement);
    expect(first.getByText('240 PCS')).toBeInTheDocument();
    expect(first.getByText('$1.50')).toBeInTheDocument();
    expect(first.getByText('$360.00')).toBeInTheDocument();
    expect(first.getByText('To be confirmed')).toBeInTheDocument();
    expect(first.getByText('Unviewed')).toBeInTheDocument();
    expect(screen.getByTestId('total-boxes')).toHaveTextContent('17');
    expect(screen.getByTestId('total-amount')).toHaveTextContent('$612.00');
  });

  it('refuses every batch action without a selection, in the words of the spec', async () => {
    const server = quotationServer();
    const { user } = renderApp('/quoteAckForm');
    await rows();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(screen.getByTestId('quote-notice')).toHaveTextContent('Nothing selected for deletion.');
    await user.click(screen.getByRole('button', { name: 'Change boxes' }));
    expect(screen.getByTestId('quote-notice')).toHaveTextContent('Select at least one line first.');
    await user.click(screen.getByRole('button', { name: 'Confirm selected' }));
    expect(screen.getByTestId('quote-notice')).toHaveTextContent('Select at least one line first.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.named('update_confirm_order')).toHaveLength(0);
  });

  it('changes the boxes of the selected lines and the totals follow', async () => {
    const server = quotationServer();
    const { user } = renderApp('/quoteAckForm');
    await rows();
    await user.click(screen.getByRole('checkbox', { name: 'Select Stunt car' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Kite' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'Change boxes' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByTestId('boxes-input'), '0');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(dialog.getByText('Enter a whole number of boxes, at least 1.')).toBeInTheDocument();
    await user.clear(dialog.getByTestId('boxes-input'));
    await user.type(dialog.getByTestId('boxes-input'), '20');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(screen.getByTestId('total-boxes')).toHaveTextContent('45'));
    expect(server.named('update_confirm_order')[0]?.body).toMatchObject({
      id: 9,
      action: 'set_boxes',
      line_ids: [1, 3],
      boxes: 20,
    });
    // 20×24×1.50 + 5×24×1.50 + 20×24×1.50
    expect(screen.getByTestId('total-amount')).toHaveTextContent('$1,620.00');
  });

  it('deletes the selected lines after asking, then confirms all lines and the quotation', async () => {
    const server = quotationServer();
    const { user, router } = renderApp('/quoteAckForm');
    await rows();
    await user.click(screen.getByRole('checkbox', { name: 'Select Water gun' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Remove the 1 selected lines from this quotation?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete selected' }));
    await waitFor(() => expect(screen.getAllByTestId('order-line')).toHaveLength(2));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('0 selected');
    expect(screen.getByTestId('total-products')).toHaveTextContent('2');

    await user.click(screen.getByRole('button', { name: 'Confirm the quotation' }));
    expect(screen.getByTestId('quote-notice')).toHaveTextContent(
      'Confirm every line first: 2 still to be confirmed.',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'Confirm selected' }));
    await waitFor(() => expect(screen.getAllByText('Confirmed')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Confirm the quotation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orderDetails'));
    const confirm = server.named('update_confirm_order').find((c) => c.body.action === 'confirm_order');
    expect(confirm?.body.idempotency_key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Pending payment');
  });

  it("says 'no quotation' when none waits", async () => {
    mockApi({ get_confirm_order_list: () => ok({ list: [], total: 0, page: 1, page_size: 50 }) });
    renderApp('/quoteAckForm');
    expect(await screen.findByText('No quotation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orderList');
  });
});

describe('the order list', () => {
  it('asks for all orders, then for the filter chosen, and says when there is none', async () => {
    const server = mockApi({
      get_order_list: (body) =>
        body.filter === 'confirmed'
          ? ok({ list: [], total: 0, page: 1, page_size: 10 })
          : ok({
              list: [summary(9), summary(8, { status: 'paid', confirm_status: 'confirmed' })],
              total: 2,
              page: 1,
              page_size: 10,
            }),
    });
    const { user, router } = renderApp('/orderList');
    const items = await screen.findAllByTestId('order-item');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Confirm quotation' })).toHaveAttribute(
      'href',
      '/quoteAckForm?id=9',
    );
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/orderDetails?id=8',
    );
    expect(within(items[1] as HTMLElement).getByText('$540.00')).toBeInTheDocument();
    expect(server.named('get_order_list')[0]?.body).toMatchObject({ filter: 'all', page: 1 });

    await user.click(screen.getByText('Confirmed'));
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent('No orders here yet.');
    expect(router.state.location.search).toBe('?filter=confirmed');
    expect(server.named('get_order_list').at(-1)?.body).toMatchObject({ filter: 'confirmed' });

    await user.click(screen.getByText('To be confirmed'));
    await waitFor(() =>
      expect(server.named('get_order_list').at(-1)?.body).toMatchObject({ filter: 'to_be_confirmed' }),
    );
  });
});

describe('the order details page', () => {
  const dueOrder = (over: Partial<OrderDetail> = {}) =>
    detail(8, {
      status: 'pending_payment',
      confirm_status: 'confirmed',
      payment_due: 'deposit',
      pi_number: 'PI2026110001',
      proforma: { available: true, pi_number: 'PI2026110001' },
      actions: ['submit_deposit_voucher', 'attach', 'cancel'],
      ...over,
    });

  function orderServer(order: () => OrderDetail) {
    const lines = [line(1, 'Stunt car', 10, { line_status: 'confirmed', viewed: 1 })];
    return mockApi({
      get_order_detail: () => ok(order()),
      get_order_toy_list: () =>
        ok({ list: lines, total: 1, page: 1, page_size: 1000, totals: totalsOf(lines) }),
      get_temp_auth: () => ok({ unused: true }),
      submit_order_voucher: () => ok(order()),
      get_order_proforma: () =>
        ok({
          url: '/files/1/pi/PI2026110001.pdf',
          filename: 'PI2026110001.pdf',
          pi_number: 'PI2026110001',
          size: 1000,
        }),
    });
  }

  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  it('shows the amounts, account, lines, totals, proforma invoice and history', async () => {
    orderServer(() => dueOrder());
    renderApp('/orderDetails?id=8');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Pending payment');
    expect(screen.getByText('Deposit (30%)').nextSibling).toHaveTextContent('$162.00');
    expect(screen.getByText('Balance').nextSibling).toHaveTextContent('$378.00');
    expect(screen.getByText(/SWIFT STBKCNBJ/)).toBeInTheDocument();
    expect(screen.getByText('Not set yet')).toBeInTheDocument();
    expect(await rows()).toHaveLength(1);
    expect(screen.getByTestId('total-quantity')).toHaveTextContent('240');
    expect(screen.getByTestId('proforma-download')).toBeInTheDocument();
    expect(within(screen.getByTestId('history')).getByText('Quotation')).toBeInTheDocument();
  });

  it('refuses a GIF and a file over 10 MB before sending anything', async () => {
    const server = orderServer(() => dueOrder());
    renderApp('/orderDetails?id=8');
    const input = await screen.findByTestId('voucher-input');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'pay.png')] },
    });
    expect(await screen.findByTestId('voucher-error')).toHaveTextContent(
      'The voucher must be a PNG or JPG image.',
    );
    const big = new File([PNG, new Uint8Array(10 * 1024 * 1024)], 'pay.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() =>
      expect(screen.getByTestId('voucher-error')).toHaveTextContent('The voucher must be at most 10 MB.'),
    );
    expect(server.named('get_temp_auth')).toHaveLength(0);
    expect(upload.calls).toHaveLength(0);
  });

  it('sends a PNG named .jpg as a PNG and shows the voucher waiting for review', async () => {
    let sent = false;
    const server = orderServer(() =>
      dueOrder(
        sent
          ? {
              vouchers: [
                {
                  id: 5,
                  part: 'deposit',
                  status: 'pending',
                  amount: 16_200,
                  currency: 'USD',
                  url: '/files/1/voucher/v.png',
                  width: 10,
                  height: 10,
                  submitted_at: Date.UTC(2026, 10, 27),
                  reviewed_at: null,
                  reviewed_by: '',
                  reason: '',
                },
              ],
            }
          : {},
      ),
    );
    renderApp('/orderDetails?id=8');
    const input = await screen.findByTestId('voucher-input');
    sent = true;
    fireEvent.change(input, { target: { files: [new File([PNG], 'pay.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByTestId('voucher-state')).toHaveTextContent('Awaiting review');
    expect(server.named('get_temp_auth')[0]?.body).toMatchObject({
      purpose: 'voucher',
      content_type: 'image/png',
    });
    expect(server.named('submit_order_voucher')[0]?.body).toMatchObject({
      id: 8,
      part: 'deposit',
      url: '/files/1/voucher/2026-11-27/v.png',
    });
    // A voucher waiting for review: no second one is asked for.
    expect(screen.queryByTestId('voucher-input')).not.toBeInTheDocument();
  });

  it('shows a status the exporter changed when the buyer comes back to the window', async () => {
    let status: OrderDetail['status'] = 'pending_payment';
    orderServer(() => dueOrder({ status }));
    renderApp('/orderDetails?id=8');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Pending payment');
    status = 'paid';
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Paid'));
    focusManager.setFocused(undefined);
  });

  it('shows a status the exporter changed as soon as the socket says so, with no reload or focus', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.opened = [];
    storage.setUser({ ...customer, chat_id: 'b7', chat_customer_id: 'cs1', chat_user_sig: 'sig-1' });
    let status: OrderDetail['status'] = 'pending_payment';
    orderServer(() => dueOrder({ status }));
    renderApp('/orderDetails?id=8');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Pending payment');
    // The page listens on its own, the chat closed: it logs in as the buyer, with its signature.
    await waitFor(() => expect(FakeWebSocket.opened).toHaveLength(1));
    const ws = FakeWebSocket.last();
    expect(await ws.nextSent('login')).toMatchObject({ token: 'tok-1', user_sig: 'sig-1' });
    ws.receive({
      type: 'ready',
      role: 'buyer',
      chat_id: 'b7',
      main_chat_id: 'cs1',
      expires_at: 0,
      heartbeat_ms: 25_000,
    });
    status = 'paid';
    ws.receive({ type: 'order_changed', order_id: 8, status: 'paid' });
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Paid'));
    vi.unstubAllGlobals();
  });

  // Left lingering, its timer fires after the test file's window is gone: an unhandled error.
  it('has closed that connection before the next test begins', () => {
    expect(FakeWebSocket.last().readyState).toBe(FakeWebSocket.CLOSED);
  });

  it("says an order that is not the buyer's is not there", async () => {
    mockApi({
      get_order_detail: () => ({ code: -404, data: null, tip: 'Order not found' }),
      get_order_toy_list: () => ({ code: -404, data: null, tip: 'Order not found' }),
    });
    renderApp('/orderDetails?id=99');
    expect(await screen.findByTestId('order-missing')).toHaveTextContent('This order was not found.');
  });
});

describe('the personal center', () => {
  it('leads from each count to its list and shows the latest orders', async () => {
    mockApi({
      get_order_counts: () =>
        ok({ to_confirm: 2, by_status: { pending_payment: 1, paid: 120, shipped: 0 }, payment_due: 1 }),
      get_order_list: () => ok({ list: [summary(9)], total: 1, page: 1, page_size: 5 }),
      get_choose_list: () => ok({ list: [], total: 4, page: 1, page_size: 1 }),
    });
    renderApp('/personalCenter');
    expect(await screen.findByText('Welcome, Carlos')).toBeInTheDocument();
    const toConfirm = (await screen.findByText('Quotations to confirm')).closest('a');
    expect(toConfirm).toHaveAttribute('href', '/quoteAckForm');
    expect(toConfirm).toHaveTextContent('2');
    await waitFor(() => expect(screen.getByText('Sample records').closest('a')).toHaveTextContent('4'));
    const paid = screen.getByText('Paid').closest('a');
    expect(paid).toHaveAttribute('href', '/orderList?filter=confirmed&status=paid');
    expect(paid).toHaveTextContent('99+');
    expect(await screen.findAllByTestId('order-item')).toHaveLength(1);
  });
});

describe('the inventory', () => {
  it('lists the cartons ordered, shipped and outstanding per product, or says there are none', async () => {
    mockApi({
      get_inventory: () =>
        ok({
          list: [
            {
              product_id: 1,
              number: 'ST-1',
              name: 'Stunt car',
              picture: '',
              orders: 2,
              boxes_ordered: 30,
              boxes_shipped: 10,
              boxes_outstanding: 20,
              quantity_ordered: 720,
              last_ordered_at: Date.UTC(2026, 10, 1),
            },
          ],
          total: 1,
          page: 1,
          page_size: 20,
        }),
    });
    renderApp('/inventory');
    const item = within(await screen.findByTestId('inventory-item'));
    expect(item.getByText('Stunt car')).toBeInTheDocument();
    expect(item.getByText('30')).toBeInTheDocument();
    expect(item.getByText('20')).toBeInTheDocument();
  });

  it('says when nothing was ordered yet', async () => {
    mockApi({ get_inventory: () => ok({ list: [], total: 0, page: 1, page_size: 20 }) });
    renderApp('/inventory');
    expect(await screen.findByTestId('inventory-empty')).toBeInTheDocument();
  });
});
