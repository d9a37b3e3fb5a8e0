import '../../test/dom';
import { screen, within } from '@testing-library/react';
import { ErrorCode, type SiteSettings } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { apiFailure, mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const settings: SiteSettings = {
  site: 'demo',
  domains: ['toys.example.com'],
  company_name: '星辉玩具',
  company_name_en: 'Starlight Toys',
  company_logo: '',
  template_style: 1,
  template_color: 1,
  default_lang: 11201002,
  show_function: { news: 1, about_us: 1, contact: 1 },
  show_article_number: 1,
  show_price: 1,
  show_privacy: 0,
  number_type: 1,
  trade_terms: 2,
  money_unit: 'USD',
  contact_type: 0,
  is_default_banner: 0,
  bg_setting: '',
  bg_image: '',
  bg_image_setting: 0,
  toy_type: 1,
  contacts: [],
  privacy: [],
};

describe('the settings page', () => {
  it('previews a colour, layout and banner change before saving, then saves the whole settings', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_get_settings: () => ({ settings, updated_at: 1000 }),
      staff_update_settings: (body) => ({ settings: body.settings, updated_at: 2000 }),
    });
    const { user } = await renderConsole('/settings');
    const header = await screen.findByTestId('preview-header');
    expect(header.dataset.color).toBe('#2181ED');
    expect(within(header).getByText('Starlight Toys')).toBeTruthy();
    expect(screen.queryByTestId('preview-banner')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Colour 3 (#7645E6)' }));
    expect(screen.getByTestId('preview-header').dataset.color).toBe('#7645E6');
    expect(screen.getByRole('radio', { name: 'Colour 3 (#7645E6)' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    await user.click(screen.getByText('Layout 2'));
    expect(screen.getByTestId('preview').dataset.style).toBe('2');
    await user.click(screen.getByLabelText('Show the welcome banner on the home page'));
    expect(screen.getByTestId('preview-banner')).toBeTruthy();
    await user.clear(screen.getByLabelText('Company name (English)'));
    await user.type(screen.getByLabelText('Company name (English)'), 'Moon');
    expect(within(screen.getByTestId('preview-header')).getByText('Moon')).toBeTruthy();

    expect(calls.named('staff_update_settings')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(calls.named('staff_update_settings')).toHaveLength(1));
    expect(calls.named('staff_update_settings')[0]?.body).toEqual({
      updated_at: 1000,
      settings: {
        ...settings,
        template_color: 3,
        template_style: 2,
        is_default_banner: 1,
        company_name_en: 'Moon',
      },
    });
  }, 20_000);

  it('says when someone else saved meanwhile, and reloads on request', async () => {
    let reads = 0;
    mockCalls({
      ...shellCalls('owner'),
      staff_get_settings: () => ({ settings, updated_at: 1000 + reads++ }),
      staff_update_settings: () => {
        throw apiFailure(
          'staff_update_settings',
          ErrorCode.CONFLICT,
          'Someone else saved the settings meanwhile: reload them and make your changes again',
        );
      },
    });
    const { user } = await renderConsole('/settings');
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Someone else saved the settings meanwhile.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reload the settings' }));
    await vi.waitFor(() => expect(reads).toBe(2));
    await vi.waitFor(() =>
      expect(screen.queryByText('Someone else saved the settings meanwhile.')).toBeNull(),
    );
  });
});
