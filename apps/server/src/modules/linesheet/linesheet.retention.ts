import type { Clock } from '../../platform/clock';
import type { Storage } from '../../platform/storage';
import type { LinesheetRepository } from './linesheet.repository';
import { LINESHEET_PREFIX } from './linesheet.service';

/**
 * How long a stored linesheet is kept after it was last asked for (decision 0068): a day, so a
 * buyer who downloads the same cart or search again that day gets it without a new drawing.
 * Always far longer than a signed link lives, so no link handed out can outlive its file.
 */
export const LINESHEET_KEPT_MS = 24 * 3600 * 1000;

const BATCH = 500;

/** Housekeeping of stored linesheet PDFs; app.ts runs it with the other purges. */
export function createLinesheetRetention(deps: {
  repo: Pick<LinesheetRepository, 'unusedSince' | 'forget' | 'known'>;
  storage: Pick<Storage, 'list' | 'deletePrefix'>;
  clock: Clock;
}) {
  const { repo, storage, clock } = deps;
  return {
    /** Deletes the linesheets nobody asked for in LINESHEET_KEPT_MS; answers how many folders went. */
    async purge(): Promise<{ linesheets: number }> {
      const before = clock.now() - LINESHEET_KEPT_MS;
      let linesheets = 0;
      for (;;) {
        const unused = await repo.unusedSince(before, BATCH);
        for (const ref of unused) {
          // The row first: one asked for again meanwhile keeps its row and its file. A crash
          // between the two leaves a folder without a row, which the sweep below takes.
          if (!(await repo.forget(ref, before))) continue;
          await storage.deletePrefix(`${LINESHEET_PREFIX}/${ref}`);
          linesheets++;
        }
        if (unused.length < BATCH) break;
      }
      // Folders without a row: stored before rows were kept. Listed before their rows are read,
      // and a row is written before its PDF, so a folder being drawn now is never among them.
      const folders = await storage.list(LINESHEET_PREFIX);
      const known = await repo.known(folders);
      for (const ref of folders) {
        if (known.has(ref)) continue;
        await storage.deletePrefix(`${LINESHEET_PREFIX}/${ref}`);
        linesheets++;
      }
      return { linesheets };
    },
  };
}

export type LinesheetRetention = ReturnType<typeof createLinesheetRetention>;
