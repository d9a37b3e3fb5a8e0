import type { Clock } from '../../platform/clock';
import type { Storage } from '../../platform/storage';
import {
  ATTACHED_PURPOSES,
  type AttachedPurpose,
  type UploadsRetentionRepository,
} from './uploads.retention.repository';
import { DAY_FOLDER, uploadDay, uploadFolder } from './uploads.service';

/**
 * Uploads nobody kept (decision 0073): a picture, voucher, attachment, model or chat file that
 * was uploaded but never attached to anything is deleted once a day has passed since it was sent.
 * Anything a stored file, a setting, a product, a content row or a chat message names stays.
 */
export const UNATTACHED_UPLOAD_GRACE_MS = 24 * 3600 * 1000;
/**
 * How far back, beyond the grace, the day folders are looked into. What was attached is never
 * attached again later, so each upload is only looked at for a while; this keeps the hourly work
 * (listing the folders, reading the chat messages since then) bounded however old the company.
 */
export const UNATTACHED_UPLOAD_LOOKBACK_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;

export function createUploadsRetention(deps: {
  repo: UploadsRetentionRepository;
  storage: Pick<Storage, 'list' | 'deletePrefix'>;
  clock: Clock;
}) {
  const { repo, storage, clock } = deps;

  /** Deletes a company's uploads of one purpose that are past the grace and that nothing names. */
  async function purgeFolder(companyId: number, purpose: AttachedPurpose, now: number): Promise<number> {
    const folder = uploadFolder(companyId, purpose);
    // A day folder before the grace's day holds only uploads older than the grace.
    const newest = uploadDay(now - UNATTACHED_UPLOAD_GRACE_MS);
    const oldest = uploadDay(now - UNATTACHED_UPLOAD_GRACE_MS - UNATTACHED_UPLOAD_LOOKBACK_DAYS * DAY_MS);
    const days = (await storage.list(folder))
      .filter((d) => DAY_FOLDER.test(d) && d < newest && d >= oldest)
      .sort();
    if (days.length === 0) return 0;
    const byDay = new Map<string, string[]>();
    for (const d of days)
      byDay.set(
        d,
        (await storage.list(`${folder}/${d}`)).map((n) => `${folder}/${d}/${n}`),
      );
    // Read after listing: whatever was attached before now is among the names.
    const named = await repo.namedUploads(
      companyId,
      purpose,
      [...byDay.values()].flat(),
      Date.parse(days[0] as string),
    );
    let deleted = 0;
    for (const [d, keys] of byDay) {
      const unnamed = keys.filter((k) => !named.has(k));
      for (const key of unnamed) await storage.deletePrefix(key);
      deleted += unnamed.length;
      // Nothing is uploaded into a past day's folder, so an emptied one stays empty.
      if (unnamed.length === keys.length) await storage.deletePrefix(`${folder}/${d}`);
    }
    return deleted;
  }

  return {
    /** Housekeeping: answers how many unattached uploads went. */
    async purge(): Promise<{ unattachedUploads: number }> {
      const now = clock.now();
      let unattachedUploads = 0;
      for (const companyId of await repo.companyIds())
        for (const purpose of ATTACHED_PURPOSES)
          unattachedUploads += await purgeFolder(companyId, purpose, now);
      return { unattachedUploads };
    },
  };
}

export type UploadsRetention = ReturnType<typeof createUploadsRetention>;
