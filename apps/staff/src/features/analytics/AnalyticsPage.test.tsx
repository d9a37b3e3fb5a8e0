import '../../test/dom';
import { screen, within } from '@testing-library/react';
import { ErrorCode, type StaffAnalytics } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { apiFailure, mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const day = (d: string, views: number, gaps = 0) => ({
  day: d,
  views,
  selections: 1,
  submissions: 0,
  searches: gaps + 1,
  gaps,
});

const report = (over: Partial<StaffAnalytics> = {}): StaffAnalytics => ({
  from: '2026-11-25',
  to: '2026-11-27',
  totals: { views: 12, selections: 3, submissions: 1, searches: 5, gaps: 2, buyers: 2 },
  days: [day('2026-11-25', 4), day('2026-11-26', 6, 2), day('2026-11-27', 2)],
  viewed: [{ product_id: 7, number: 'HY-2041', name: 'Remote control stunt car', count: 9, buyers: 2 }],
  selected: [],
  submitted: [
    { product_id: 7, number: 'HY-2041', name: 'Remote control stunt car', count: 1, buyers: 1, ctn: 12 },
  ],
  buyers: [
    {
      kind: 'customer',
      customer_id: 3,
      name: 'Gulf Toys LLC',
      views: 8,
      selections: 3,
      submissions: 1,
      searches: 2,
      last_at: Date.UTC(2026, 10, 27, 8),
    },
    {
      kind: 'visitor',
      customer_id: null,
      name: '',
      views: 4,
      selections: 0,
      submissions: 0,
      searches: 3,
      last_at: 0,
    },
  ],
  text_gaps: [{ query: 'unicorn helicopter', searches: 2, buyers: 2, last_at: Date.UTC(2026, 10, 26, 9) }],
  image_gaps: [],
  ...over,
});

describe('the analytics page', () => {
  it('shows the period’s totals, chart with its table, rankings, gaps and buyers', async () => {
    const calls = mockCalls({ ...shellCalls('sales'), staff_get_analytics: () => report() });
    const { user } = await renderConsole('/analytics');

    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeTruthy();
    // Thirty days ending today, cut at the browser's midnight.
    const asked = calls.named('staff_get_analytics')[0]?.body;
    expect(asked).toMatchObject({ top: 10, utc_offset: -new Date().getTimezoneOffset() });
    expect(typeof asked?.from).toBe('string');

    const chart = await screen.findByRole('img', { name: /Activity per day/ });
    expect(chart.textContent).toContain('12 product views');
    await user.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    const figures = await screen.findByRole('table', { name: 'Activity per day' });
    expect(within(figures).getAllByRole('row')).toHaveLength(4);
    expect(within(figures).getByRole('rowheader', { name: '2026-11-26' })).toBeTruthy();

    const viewed = screen.getByRole('region', { name: 'Most viewed products' });
    expect(within(viewed).getByText('Remote control stunt car')).toBeTruthy();
    expect(within(viewed).getByText('HY-2041')).toBeTruthy();
    // An empty ranking says so, and offers no CSV.
    const selected = screen.getByRole('region', { name: 'Most added to cart' });
    expect(within(selected).getByRole('status').textContent).toBe('Nothing in this period.');
    expect(within(selected).queryByRole('button', { name: /CSV/ })).toBeNull();

    const gaps = screen.getByRole('region', { name: 'Text searches that found nothing' });
    expect(within(gaps).getByRole('rowheader', { name: 'unicorn helicopter' })).toBeTruthy();
    const buyers = screen.getByRole('region', { name: "Buyers' recent activity" });
    expect(within(buyers).getByText('Gulf Toys LLC')).toBeTruthy();
    expect(within(buyers).getAllByText('Visitor').length).toBeGreaterThan(0);
  });

  it('asks again for a preset or for chosen days, and refuses days that run backwards', async () => {
    const calls = mockCalls({ ...shellCalls('owner'), staff_get_analytics: () => report() });
    const { user, router } = await renderConsole('/analytics');
    await screen.findByRole('img', { name: /Activity per day/ });

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?preset=last7'));
    await vi.waitFor(() => {
      const body = calls.named('staff_get_analytics').at(-1)?.body as { from: string; to: string };
      expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(6);
    });

    await router.navigate('/analytics?preset=custom&from=2026-11-01&to=2026-11-10');
    await vi.waitFor(() =>
      expect(calls.named('staff_get_analytics').at(-1)?.body).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-10',
      }),
    );
    const asked = calls.named('staff_get_analytics').length;
    await router.navigate('/analytics?preset=custom&from=2026-11-10&to=2026-11-01');
    expect((await screen.findByRole('alert')).textContent).toMatch(/must not be after the last/);
    expect(calls.named('staff_get_analytics')).toHaveLength(asked);
  });

  it('downloads a table as the CSV the server made', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:analytics';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_get_analytics: () => report(),
      staff_export_analytics: () => ({
        filename: 'analytics-text_gaps-2026-11-25-2026-11-27.csv',
        csv: '\uFEFFSearch text,Searches\r\nunicorn helicopter,2\r\n',
        rows: 1,
      }),
    });
    const { user } = await renderConsole('/analytics');
    await user.click(
      await screen.findByRole('button', { name: 'Download “Text searches that found nothing” as CSV' }),
    );
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.named('staff_export_analytics')[0]?.body).toMatchObject({ section: 'text_gaps' });
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0] as Blob);
    });
    expect(text).toContain('unicorn helicopter,2');
    expect(
      await screen.findByText('Downloaded analytics-text_gaps-2026-11-25-2026-11-27.csv (1 row(s))'),
    ).toBeTruthy();
    click.mockRestore();
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let fail = true;
    mockCalls({
      ...shellCalls('sales'),
      staff_get_analytics: () => {
        if (fail) throw apiFailure('staff_get_analytics', ErrorCode.FAILED, 'The database is busy');
        return report({ viewed: [], submitted: [], buyers: [], text_gaps: [] });
      },
    });
    const { user } = await renderConsole('/analytics');
    expect(await screen.findByText('The database is busy')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: /Activity per day/ })).toBeTruthy();
    expect(screen.getAllByText('Nothing in this period.').length).toBe(6);
  });

  it('is in the navigation of owner and sales, not of customer service', async () => {
    for (const role of ['sales', 'service'] as const) {
      mockCalls({ ...shellCalls(role), staff_get_analytics: () => report() });
      const { unmount } = await renderConsole('/analytics');
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      await vi.waitFor(() => expect(within(nav).getByRole('link', { name: 'Chat' })).toBeTruthy());
      expect({ role, listed: !!within(nav).queryByRole('link', { name: 'Analytics' }) }).toEqual({
        role,
        listed: role === 'sales',
      });
      unmount();
    }
  });
});
