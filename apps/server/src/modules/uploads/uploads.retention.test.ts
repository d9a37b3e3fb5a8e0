import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { queryPlan } from '../../test/query-plan';
import { UNATTACHED_UPLOAD_GRACE_MS, UNATTACHED_UPLOAD_LOOKBACK_DAYS } from './uploads.retention';

const DAY = 24 * 3600 * 1000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Uploads of the purposes that are attached to something later (site pictures, vouchers, order
 * attachments, models, chat files) go once a day has passed and nothing names them; whatever a
 * setting, a buyer, a content row, a product, a stored file or a chat message names stays
 * (decision 0073).
 */
describe('deleting uploads nobody kept', () => {
  let t: TestApp;
  let now: number;
  let company: number;
  let otherCompany: number;
  let hex = 0;
  const keys: Record<string, string> = {};

  /** An upload as uploadKey files it, sent at `at`. */
  async function upload(name: string, purpose: string, at: number, companyId = company, ext = 'png') {
    const key = `c${companyId}/${purpose}/${day(at)}/${(++hex).toString(16).padStart(32, '0')}.${ext}`;
    await t.storage.put(key, Buffer.from(name), 'application/octet-stream');
    keys[name] = key;
    return t.storage.publicUrl(key);
  }
  const stored = (name: string) => t.storage.exists(keys[name] as string);

  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 1 });
    now = t.clock.now();
    const companies = await t.db.selectFrom('companies').select('id').orderBy('id').execute();
    company = Number(companies[0]?.id);
    otherCompany = Number(companies[1]?.id);
    // Sent two days ago: past the grace.
    const old = now - 2 * DAY;

    const logo = await upload('logo', 'site', old);
    await t.db.updateTable('companies').set({ logo }).where('id', '=', company).execute();
    const background = await upload('background', 'site', old);
    await t.db
      .updateTable('websites')
      .set({ bg_image: background })
      .where('company_id', '=', company)
      .execute();
    const avatar = await upload('avatar', 'site', old);
    await t.db.updateTable('customers').set({ avatar }).where('company_id', '=', company).execute();
    const certificate = await upload('certificate', 'site', old);
    await t.db
      .insertInto('certificates')
      .values({
        company_id: company,
        kind: 'certificate',
        name: 'EN 71',
        picture: '',
        pictures: JSON.stringify([certificate]),
        created_at: old,
        updated_at: old,
      })
      .execute();
    await upload('siteUnattached', 'site', old);

    const model = await upload('model', 'model', old, company, 'glb');
    const product = await t.db
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ model_url: model }).where('id', '=', product.id).execute();
    await upload('modelUnattached', 'model', old, company, 'glb');

    // An order's attachment is stored under its upload's key.
    await upload('annex', 'annex', old, company, 'pdf');
    await t.db
      .insertInto('files')
      .values({
        company_id: company,
        storage_key: keys.annex as string,
        sha256: 'a'.repeat(64),
        content_type: 'application/pdf',
        size: 5,
        created_at: old,
      })
      .execute();
    await upload('annexUnattached', 'annex', old, company, 'pdf');
    await upload('voucherUnattached', 'voucher', old);

    const picture = await upload('chatPicture', 'im', old);
    const conversation = await t.db
      .insertInto('chat_conversations')
      .values({ company_id: company, chat_id: 'buyer-1', main_chat_id: 'staff-1', updated_at: old })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('chat_messages')
      .values({
        company_id: company,
        conversation_id: Number(conversation.id),
        from_chat_id: 'buyer-1',
        msg_content: JSON.stringify({ type: 'picture', url: picture }),
        status: 0,
        gid: 'g-1',
        created_at: old + 60_000,
      })
      .execute();
    await upload('chatUnsent', 'im', old);
    // Another company's row naming this company's upload does not keep it.
    const foreign = await upload('namedElsewhere', 'site', old);
    await t.db.updateTable('companies').set({ logo: foreign }).where('id', '=', otherCompany).execute();
    await upload('otherCompanyUnattached', 'site', old, otherCompany);

    // Sent just now: still within the grace, perhaps in a form not yet saved.
    await upload('recent', 'site', now);
    // From before the look-back: not looked at any more.
    await upload(
      'longAgo',
      'site',
      now - UNATTACHED_UPLOAD_GRACE_MS - (UNATTACHED_UPLOAD_LOOKBACK_DAYS + 2) * DAY,
    );

    await t.app.housekeeping.runNow();
  });
  afterAll(() => t.close());

  it('keeps what a setting, a buyer, a content row, a product, a stored file or a chat message names', async () => {
    for (const name of ['logo', 'background', 'avatar', 'certificate', 'model', 'annex', 'chatPicture'])
      expect(await stored(name), name).toBe(true);
  });

  it('deletes the pictures, models, attachments, vouchers and chat files nothing names, of every company', async () => {
    for (const name of [
      'siteUnattached',
      'modelUnattached',
      'annexUnattached',
      'voucherUnattached',
      'chatUnsent',
      'namedElsewhere',
      'otherCompanyUnattached',
    ])
      expect(await stored(name), name).toBe(false);
  });

  it('keeps an upload within its first day, when it may still be on its way to being saved', async () => {
    expect(await stored('recent')).toBe(true);
    t.clock.advance(UNATTACHED_UPLOAD_GRACE_MS + DAY);
    await t.app.housekeeping.runNow();
    expect(await stored('recent')).toBe(false);
  });

  it('deletes a day folder it leaves empty, and keeps one that still holds a kept upload', async () => {
    const old = day(now - 2 * DAY);
    expect(await t.storage.list(`c${company}/voucher`)).not.toContain(old);
    expect(await t.storage.list(`c${company}/site`)).toContain(old);
  });

  it('leaves uploads from before the look-back alone', async () => {
    expect(await stored('longAgo')).toBe(true);
  });

  it("reads a company's recent chat messages by an index, not the whole table (migration 0022)", async () => {
    const recentMessages = t.db
      .selectFrom('chat_messages')
      .select('msg_content')
      .where('company_id', '=', company)
      .where(sql<boolean>`msg_content LIKE '%/im/%'`)
      .where('created_at', '>=', now - UNATTACHED_UPLOAD_LOOKBACK_DAYS * DAY);
    expect(await queryPlan(t, t.db, recentMessages)).toContain('chat_messages_by_company');
  });
});
