import '../../test/dom';
import { screen } from '@testing-library/react';
import type { CallResponse } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { sample } from '../../test/fixtures';
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
    totals: { ...s.totals, pieces: 120 },
  };
};

describe('a sample list', () => {
  it("names the buyer's language in that language, marked with its direction", async () => {
    mockCalls({ ...shellCalls('sales'), staff_get_sample: () => detail('ar') });
    await renderConsole('/inbox/2');
    const name = await screen.findByText('العربية', {}, { timeout: 3000 });
    expect(name.getAttribute('lang')).toBe('ar');
    expect(name.getAttribute('dir')).toBe('rtl');
    expect(screen.queryByText('ar')).toBeNull();
  });

  it('shows English for en, not the bare code', async () => {
    mockCalls({ ...shellCalls('sales'), staff_get_sample: () => detail('en') });
    await renderConsole('/inbox/2');
    expect(await screen.findByText('English', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('en')).toBeNull();
  });
});
