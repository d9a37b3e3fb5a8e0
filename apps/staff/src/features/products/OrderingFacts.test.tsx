import '../../test/dom';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import type * as Upload from '../../lib/upload';
import { mockCalls, renderConsole, shellCalls } from '../../test/render';
import { options, product } from './fixtures';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));
vi.mock('../../lib/upload', async (original) => ({
  ...(await original<typeof Upload>()),
  uploadModel: vi.fn(async () => '/files/c1/model/2026-11-27/duck.glb'),
}));

const tiered = () =>
  product({
    min_order_quantity: 48,
    lead_time_days: 35,
    hs_code: '95030090',
    price_breaks: [
      { from: 48, price: 1150 },
      { from: 120, price: 1000 },
    ],
  });

describe("the product editor's ordering facts", { timeout: 60_000 }, () => {
  it('shows the facts as saved, HS code with its dots and breaks in the currency', async () => {
    mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: () => options,
      staff_get_product: tiered,
    });
    await renderConsole('/products/41');
    const moq = await screen.findByRole(
      'textbox',
      { name: /Minimum order quantity \(pieces\)/ },
      { timeout: 5000 },
    );
    expect((moq as HTMLInputElement).value).toBe('48');
    expect((screen.getByRole('textbox', { name: /Production lead time/ }) as HTMLInputElement).value).toBe(
      '35',
    );
    expect((screen.getByRole('textbox', { name: /HS code/ }) as HTMLInputElement).value).toBe('9503.00.90');
    expect(
      (screen.getByRole('textbox', { name: 'Price break 2: unit price' }) as HTMLInputElement).value,
    ).toBe('10.00');
  });

  it('refuses breaks out of order, a zero price and a short HS code, saying so next to each, and sends nothing', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_product_options: () => options,
      staff_get_product: tiered,
    });
    const { user } = await renderConsole('/products/41');
    const secondFrom = await screen.findByRole(
      'textbox',
      { name: 'Price break 2: from how many pieces' },
      { timeout: 5000 },
    );
    await user.clear(secondFrom);
    await user.type(secondFrom, '24');
    const secondPrice = screen.getByRole('textbox', { name: 'Price break 2: unit price' });
    await user.clear(secondPrice);
    await user.type(secondPrice, '0');
    const hs = screen.getByRole('textbox', { name: /HS code/ });
    await user.clear(hs);
    await user.type(hs, '9503');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be more pieces than the break above')).toBeTruthy();
    expect(screen.getByText('A price above zero')).toBeTruthy();
    expect(screen.getByText('An HS code has 6, 8 or 10 digits, e.g. 9503.00.90')).toBeTruthy();
    expect(calls.named('staff_save_product')).toHaveLength(0);
  });

  it('adds a break, removes one, and sends the facts in pieces, days, digits and minor units', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: () => options,
      staff_get_product: tiered,
      staff_save_product: (body) => ({
        ...tiered(),
        ...(body.product as object),
        updated_at: Date.UTC(2026, 10, 21),
      }),
    });
    const { user } = await renderConsole('/products/41');
    await user.click(await screen.findByRole('button', { name: 'Remove price break 1' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Add a price break' }));
    await user.type(screen.getByRole('textbox', { name: 'Price break 2: from how many pieces' }), '600');
    await user.type(screen.getByRole('textbox', { name: 'Price break 2: unit price' }), '9.5');
    const lead = screen.getByRole('textbox', { name: /Production lead time/ });
    await user.clear(lead);
    await user.type(lead, '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.named('staff_save_product')).toHaveLength(1), { timeout: 5000 });
    const sent = (calls.named('staff_save_product')[0]?.body as { product: Record<string, unknown> }).product;
    expect(sent).toMatchObject({
      min_order_quantity: 48,
      lead_time_days: 20,
      hs_code: '95030090',
      price_breaks: [
        { from: 120, price: 1000 },
        { from: 600, price: 950 },
      ],
    });
  });

  it('uploads a GLB as the 3D model and links it with the save', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: () => options,
      staff_get_product: () => product(),
      staff_save_product: (body) => ({
        ...product(),
        ...(body.product as object),
        updated_at: Date.UTC(2026, 10, 21),
      }),
    });
    const { user } = await renderConsole('/products/41');
    const details = (await screen.findByRole('heading', { name: 'Details' }, { timeout: 5000 }))
      .parentElement as HTMLElement;
    const input = details.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(
      input as HTMLInputElement,
      new File([new Uint8Array([0x67, 0x6c, 0x54, 0x46])], 'duck.glb'),
    );
    expect(await within(details).findByRole('link', { name: '3D model (GLB)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.named('staff_save_product')).toHaveLength(1), { timeout: 5000 });
    expect(
      (calls.named('staff_save_product')[0]?.body as { product: { model_url: string } }).product.model_url,
    ).toBe('/files/c1/model/2026-11-27/duck.glb');
  });

  it('says which pictures are too large, and uploads none of them', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: () => options,
      staff_get_product: () => product(),
    });
    const { user } = await renderConsole('/products/41');
    const pictures = (await screen.findByRole('heading', { name: 'Pictures' }, { timeout: 5000 }))
      .parentElement as HTMLElement;
    const input = pictures.querySelector('input[type="file"][multiple]');
    if (!input) throw new Error('no file input');
    await user.upload(
      input as HTMLInputElement,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
    );
    expect(await within(pictures).findByText('“huge.png” is larger than 5 MB.')).toBeTruthy();
    expect(calls.named('staff_set_product_pictures')).toHaveLength(0);
  });
});
