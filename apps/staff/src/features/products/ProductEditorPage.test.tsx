import '../../test/dom';
import { screen, within } from '@testing-library/react';
import { ErrorCode } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import type * as Upload from '../../lib/upload';
import { apiFailure, mockCalls, renderConsole, shellCalls } from '../../test/render';
import { options, product } from './fixtures';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));
vi.mock('../../lib/upload', async (original) => ({
  ...(await original<typeof Upload>()),
  uploadPicture: vi.fn(async () => '/files/c1/site/2026-11-27/new.png'),
}));

describe('the product editor', { timeout: 60_000 }, () => {
  it('flags the languages without a name and saves a changed name with the version it was read at', async () => {
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
    expect(
      await screen.findByRole('heading', { name: 'Remote dinosaur en' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('14 of 16 languages named')).toBeTruthy();
    expect(screen.getAllByText('Missing')).toHaveLength(2);
    const arabic = screen.getByRole('textbox', { name: 'Name in العربية' });
    // Arabic and Hebrew are typed right to left.
    expect(arabic.closest('[dir]')?.getAttribute('dir')).toBe('rtl');

    const english = screen.getByRole('textbox', { name: 'Name in English' });
    await user.clear(english);
    await user.click(english);
    await user.paste('Walking dinosaur');
    await user.click(arabic);
    await user.paste('ديناصور');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    const price = screen.getByRole('textbox', { name: 'Ex-works price (USD)' });
    await user.clear(price);
    await user.click(price);
    await user.paste('12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.named('staff_save_product')).toHaveLength(1), { timeout: 5000 });
    const sent = calls.named('staff_save_product')[0]?.body as {
      id: number;
      updated_at: number;
      product: { names: Record<string, string>; price: number };
    };
    expect(sent).toMatchObject({ id: 41, updated_at: Date.UTC(2026, 10, 20) });
    expect(sent.product.names).toMatchObject({ en: 'Walking dinosaur', ar: 'ديناصور', zh: '遥控恐龙' });
    expect(sent.product.price).toBe(1250);
    await vi.waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull(), { timeout: 5000 });
  });

  it('shows field errors instead of sending, and offers a reload when someone else saved', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_product_options: () => options,
      staff_get_product: () => product(),
      staff_save_product: () => {
        throw apiFailure(
          'staff_save_product',
          ErrorCode.CONFLICT,
          'Someone else saved this product meanwhile',
        );
      },
    });
    const { user } = await renderConsole('/products/41');
    const net = await screen.findByRole('textbox', { name: 'Net weight (kg)' }, { timeout: 5000 });
    await user.clear(net);
    await user.click(net);
    await user.paste('20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The net weight cannot exceed the gross weight')).toBeTruthy();
    expect(calls.named('staff_save_product')).toHaveLength(0);

    await user.clear(net);
    await user.click(net);
    await user.paste('9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText('Someone else saved this product meanwhile');
    expect(alert).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(calls.named('staff_get_product').length).toBeGreaterThanOrEqual(2), {
      timeout: 5000,
    });
    expect((screen.getByRole('textbox', { name: 'Net weight (kg)' }) as HTMLInputElement).value).toBe('10');
  });

  it('marks the field the server refused, and clears the mark once it is edited', async () => {
    mockCalls({
      ...shellCalls('owner'),
      staff_list_product_options: () => options,
      staff_get_product: () => product(),
      staff_save_product: () => {
        throw apiFailure('staff_save_product', ErrorCode.BAD_REQUEST, 'product.certification: too long');
      },
    });
    const { user } = await renderConsole('/products/41');
    const certification = await screen.findByRole('textbox', { name: 'Certification' }, { timeout: 5000 });
    await user.click(certification);
    await user.paste(' CE');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(certification.getAttribute('aria-invalid')).toBe('true'), {
      timeout: 5000,
    });
    await user.click(certification);
    await user.paste('!');
    await vi.waitFor(() => expect(certification.getAttribute('aria-invalid')).not.toBe('true'), {
      timeout: 5000,
    });
  });

  it('makes the second picture the main one, and adds an uploaded picture at the end', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: () => options,
      staff_get_product: () => product(),
      staff_set_product_pictures: () => product({ updated_at: Date.UTC(2026, 10, 22) }),
    });
    const { user } = await renderConsole('/products/41');
    const pictures = (await screen.findByRole('heading', { name: 'Pictures' }, { timeout: 5000 }))
      .parentElement as HTMLElement;
    await user.click(within(pictures).getByRole('button', { name: 'Make main' }));
    await vi.waitFor(
      () =>
        expect(calls.named('staff_set_product_pictures')[0]?.body).toEqual({
          id: 41,
          updated_at: Date.UTC(2026, 10, 20),
          pictures: [{ picture_id: 502 }, { picture_id: 501 }],
        }),
      { timeout: 5000 },
    );
    const input = pictures.querySelector('input[type="file"][multiple]');
    if (!input) throw new Error('no file input');
    await user.upload(
      input as HTMLInputElement,
      new File([new Uint8Array([0x89, 0x50])], 'new.png', { type: 'image/png' }),
    );
    await vi.waitFor(
      () =>
        expect(calls.named('staff_set_product_pictures')[1]?.body).toEqual({
          id: 41,
          // The version the first change answered: each change builds on the last.
          updated_at: Date.UTC(2026, 10, 22),
          pictures: [{ picture_id: 501 }, { picture_id: 502 }, { url: '/files/c1/site/2026-11-27/new.png' }],
        }),
      { timeout: 5000 },
    );
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: () => options,
      staff_get_product: () => product(),
      staff_list_products: () => ({
        list: [],
        total: 0,
        page: 1,
        page_size: 20,
        money_unit: 'USD',
        price_exponent: 2,
      }),
    });
    const { user, router } = await renderConsole('/products/41');
    await user.type(
      await screen.findByRole('textbox', { name: 'Remark' }, { timeout: 5000 }),
      'Check colours',
    );
    await user.click(screen.getByRole('link', { name: /← Products/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/products/41');
  });
});
