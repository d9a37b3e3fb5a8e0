import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

type Staff = { token: string; website: number };

/** Buyers' cached totals while the catalogue import runs (decision 0076). */
describe("the catalogue import and buyers' cached totals", () => {
  let t: TestApp;
  let owner: Staff;
  let buyer: Staff;
  let companyId: number;
  /** Every drop of a company's catalogue caches, in order. */
  const drops: number[] = [];
  /** Drops counted when each row's product had been stored. */
  const dropsAtRow: number[] = [];
  /** Throws after storing the product of this line, once (a run that stops). */
  let crashAtLine: number | null = null;

  beforeAll(async () => {
    t = await createTestApp({
      productsPerCompany: 3,
      // Kept 30 s as in production; the clock stands still, so only a drop refreshes a total.
      countCacheMs: 30_000,
      onCatalogueChange: (id) => drops.push(id),
      afterImportRowStored: (_job, line) => {
        dropsAtRow.push(drops.length);
        if (line === crashAtLine) {
          crashAtLine = null;
          throw new Error('simulated crash');
        }
      },
    });
    owner = await t.staffLogin('demo', 'owner');
    buyer = await t.login('demo', 'visitor');
    const site = await t.db
      .selectFrom('websites')
      .select('company_id')
      .where('id', '=', buyer.website)
      .executeTakeFirstOrThrow();
    companyId = Number(site.company_id);
  });
  afterAll(() => t.close());

  const total = async () => (await t.call('get_list', { page_size: 1 }, buyer)).data.total;

  /** An import of n products numbered prefix-1…, checked and started. */
  const started = async (prefix: string, n: number) => {
    const credential = await t.call(
      'staff_get_import_upload_credential',
      { content_type: 'text/csv' },
      owner,
    );
    const rows = Array.from({ length: n }, (_, i) => `${prefix}-${i + 1},Cached car ${i + 1}`);
    const sent = await t.upload(credential.data, Buffer.from(['Item No.,English Name', ...rows].join('\n')));
    expect(sent.status).toBe(204);
    const job = await t.call(
      'staff_create_import',
      { sheet_url: credential.data.file_url, zip_urls: [], file_name: 'cached.csv' },
      owner,
    );
    expect(job.code, job.tip).toBe(0);
    const checked = await t.call('staff_check_import', { id: job.data.id, mapping: job.data.mapping }, owner);
    expect(checked.code, checked.tip).toBe(0);
    expect((await t.call('staff_run_import', { id: job.data.id }, owner)).code).toBe(0);
    return job.data.id;
  };

  const finished = async (id: number) => {
    await vi.waitFor(
      async () => expect((await t.call('staff_get_import', { id }, owner)).data.job.status).toBe('done'),
      { timeout: 10_000, interval: 20 },
    );
  };

  it('drops the caches once when a run ends, not per row, and its products are counted then', async () => {
    const before = await total();
    drops.length = 0;
    dropsAtRow.length = 0;
    await finished(await started('CC', 5));
    expect(dropsAtRow).toEqual([0, 0, 0, 0, 0]);
    expect(drops).toEqual([companyId]);
    expect(await total()).toBe(before + 5);
  });

  it('drops the caches once when a run stops, counting the rows it stored', async () => {
    const before = await total();
    drops.length = 0;
    crashAtLine = 4; // the third row's product is stored, then the run dies
    await started('CS', 6);
    await vi.waitFor(() => expect(drops).toEqual([companyId]), { timeout: 10_000, interval: 20 });
    expect(dropsAtRow.slice(-3)).toEqual([0, 0, 0]);
    expect(await total()).toBe(before + 3);
  });
});
