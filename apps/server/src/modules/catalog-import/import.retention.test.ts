import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { IMPORT_KEPT_DAYS, IMPORT_KEPT_PER_COMPANY } from './import.retention';

const DAY = 24 * 3600 * 1000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Catalogue imports are kept 30 days after they end, a company's newest ones whatever their age,
 * and their uploads until no remaining job names them (decision 0068). A running, checking or
 * partly run import is never deleted, however old.
 */
describe('keeping catalogue imports', () => {
  let t: TestApp;
  let start: number;
  let company: number;
  let otherCompany: number;
  const jobs: Record<string, number> = {};
  const files: Record<string, string> = {};

  /** An upload of the import purpose, filed under the day it was sent (uploads.service uploadKey). */
  async function upload(name: string, companyId: number, at: number, ext = 'xlsx') {
    const key = `c${companyId}/import/${day(at)}/${name}.${ext}`;
    await t.storage.put(key, Buffer.from(name), 'application/octet-stream');
    files[name] = key;
    return key;
  }

  /** A job straight in the table, with one row, as the import leaves it in that state. */
  async function job(
    name: string,
    companyId: number,
    state: {
      status: string;
      at: number;
      finished?: boolean;
      rowsDone?: number;
      sheet?: string;
      zips?: string[];
    },
  ) {
    const row = await t.db
      .insertInto('import_jobs')
      .values({
        company_id: companyId,
        staff_id: 1,
        status: state.status,
        sheet_key: state.sheet ?? '',
        sheet_name: `${name}.xlsx`,
        sheet_type: 'xlsx',
        money_unit: 'USD',
        lang: 'en',
        zip_keys: JSON.stringify(state.zips ?? []),
        headers: '[]',
        mapping: '{}',
        file_errors: '[]',
        to_create: 5,
        to_update: 0,
        rows_total: 5,
        rows_done: state.rowsDone ?? 0,
        created_count: state.rowsDone ?? 0,
        updated_count: 0,
        error_count: 0,
        pictures_total: 0,
        pictures_done: 0,
        lease_until: 0,
        created_at: state.at,
        updated_at: state.at,
        finished_at: state.finished ? state.at : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await t.db
      .insertInto('import_rows')
      .values({
        job_id: id,
        company_id: companyId,
        line: 2,
        status: 'done',
        action: 'create',
        toy_number: `${name}-1`,
        article_number: '',
        fields: '{}',
        pictures: '[]',
        errors: '[]',
        product_id: null,
      })
      .execute();
    jobs[name] = id;
  }

  const remainingJobs = async () =>
    new Set((await t.db.selectFrom('import_jobs').select('id').execute()).map((r) => Number(r.id)));
  const rowsOf = async (id: number) =>
    (await t.db.selectFrom('import_rows').select('line').where('job_id', '=', id).execute()).length;
  const stored = (name: string) => t.storage.exists(files[name] as string);

  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 1 });
    start = t.clock.now();
    const companies = await t.db.selectFrom('companies').select('id').orderBy('id').execute();
    company = Number(companies[0]?.id);
    otherCompany = Number(companies[1]?.id);

    await job('done', company, {
      status: 'done',
      at: start,
      finished: true,
      sheet: await upload('done-sheet', company, start),
      zips: [await upload('done-zip', company, start, 'zip')],
    });
    await job('failed', company, { status: 'failed', at: start, finished: true });
    await job('neverRun', company, {
      status: 'checked',
      at: start,
      sheet: await upload('draft', company, start),
    });
    // A run whose instance stopped: its lease ran out, and it is resumed at the next start.
    await job('running', company, {
      status: 'running',
      at: start,
      rowsDone: 2,
      sheet: await upload('run', company, start),
    });
    await job('checking', company, { status: 'checking', at: start });
    // Stored some rows yet not running: whatever stopped it, its rows are not to be lost.
    await job('partlyRun', company, { status: 'checked', at: start, rowsDone: 3 });
    // A spreadsheet sent the day before and never made into a job, alone in its day's folder.
    await upload('stray', company, start - DAY, 'csv');
    // The newest jobs, which stay whatever their age.
    for (let i = 0; i < IMPORT_KEPT_PER_COMPANY; i++)
      await job(`newest${i}`, company, { status: 'done', at: start, finished: true });
    // Another company's only job: its newest.
    await job('otherCompany', otherCompany, {
      status: 'done',
      at: start,
      finished: true,
      sheet: await upload('other-sheet', otherCompany, start),
    });
  });
  afterAll(() => t.close());

  it('keeps every job and upload within the keeping time', async () => {
    const before = await remainingJobs();
    t.clock.advance((IMPORT_KEPT_DAYS - 1) * DAY);
    await t.app.housekeeping.runNow();
    expect(await remainingJobs()).toEqual(before);
    for (const name of Object.keys(files)) expect(await stored(name), name).toBe(true);
  });

  it('deletes finished and never-run jobs past it, with their rows, spreadsheets and zips', async () => {
    t.clock.advance(2 * DAY);
    const recent = await upload('recent', company, t.clock.now());
    await t.app.housekeeping.runNow();
    const left = await remainingJobs();
    for (const name of ['done', 'failed', 'neverRun']) {
      expect(left.has(jobs[name] as number), name).toBe(false);
      expect(await rowsOf(jobs[name] as number), name).toBe(0);
    }
    for (const name of ['done-sheet', 'done-zip', 'draft']) expect(await stored(name), name).toBe(false);
    expect(await t.storage.exists(recent)).toBe(true);
  });

  it('deletes an old upload no job names, and the day folder it leaves empty', async () => {
    expect(await stored('stray')).toBe(false);
    expect(await t.storage.list(`c${company}/import`)).not.toContain(day(start - DAY));
  });

  it('never deletes a running, checking or partly run job, nor the files a remaining job names', async () => {
    const left = await remainingJobs();
    for (const name of ['running', 'checking', 'partlyRun']) {
      expect(left.has(jobs[name] as number), name).toBe(true);
      expect(await rowsOf(jobs[name] as number), name).toBe(1);
    }
    expect(await stored('run')).toBe(true);
  });

  it("keeps a company's newest jobs whatever their age", async () => {
    const left = await remainingJobs();
    for (let i = 0; i < IMPORT_KEPT_PER_COMPANY; i++)
      expect(left.has(jobs[`newest${i}`] as number)).toBe(true);
    expect(left.has(jobs.otherCompany as number)).toBe(true);
    expect(await stored('other-sheet')).toBe(true);
  });
});
