import type { Clock } from '../../platform/clock';
import type { Storage } from '../../platform/storage';
import type { ImportRetentionRepository } from './import.retention.repository';

/**
 * How long the catalogue import keeps what it leaves behind (decision 0068). A job, with its
 * rows (the report staff read: what was created, updated, refused and why), stays 30 days after
 * it ended, and a company's newest jobs stay whatever their age; the uploaded spreadsheets and
 * zips go once no remaining job names them, and uploads never used by a job once they are as old.
 */
export const IMPORT_KEPT_DAYS = 30;
/** As many as the console's list of imports shows (staff_list_imports), so none vanishes from it. */
export const IMPORT_KEPT_PER_COMPANY = 20;

const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;
/** The day folders uploads are filed in (uploads.service uploadKey): YYYY-MM-DD sorts as its day. */
const DAY_FOLDER = /^\d{4}-\d{2}-\d{2}$/;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function createImportRetention(deps: {
  repo: ImportRetentionRepository;
  storage: Pick<Storage, 'list' | 'deletePrefix'>;
  clock: Clock;
  /** The folder of a company's import uploads, which holds a folder per day (wired from uploads). */
  importFolder(companyId: number): string;
}) {
  const { repo, storage, clock } = deps;

  /** Deletes a company's import uploads older than the keeping time that no job names. */
  async function purgeUploads(companyId: number, before: number): Promise<number> {
    const folder = deps.importFolder(companyId);
    const oldestKept = day(before);
    const days = (await storage.list(folder)).filter((d) => DAY_FOLDER.test(d) && d < oldestKept);
    if (days.length === 0) return 0;
    // Read after listing: a job made from one of these files before now is among the names.
    const inUse = await repo.keysInUse(companyId);
    let files = 0;
    for (const d of days) {
      let kept = 0;
      for (const name of await storage.list(`${folder}/${d}`)) {
        const key = `${folder}/${d}/${name}`;
        if (inUse.has(key)) {
          kept++;
          continue;
        }
        await storage.deletePrefix(key);
        files++;
      }
      // Nothing is uploaded into a past day's folder, so an emptied one stays empty.
      if (kept === 0) await storage.deletePrefix(`${folder}/${d}`);
    }
    return files;
  }

  return {
    /** Housekeeping: the jobs and uploads past their keeping time; answers how many of each went. */
    async purge(): Promise<{ importJobs: number; importFiles: number }> {
      const before = clock.now() - IMPORT_KEPT_DAYS * DAY_MS;
      let importJobs = 0;
      for (;;) {
        const ids = await repo.expired(before, IMPORT_KEPT_PER_COMPANY, BATCH);
        importJobs += await repo.deleteJobs(ids, before);
        if (ids.length < BATCH) break;
      }
      // The jobs first: their files are free once no job that stays names them.
      let importFiles = 0;
      for (const companyId of await repo.companyIds()) importFiles += await purgeUploads(companyId, before);
      return { importJobs, importFiles };
    },
  };
}

export type ImportRetention = ReturnType<typeof createImportRetention>;
