import { ErrorCode } from '@vitrine/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;

describe("the owner's site settings", () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<TestApp['staffLogin']>>;
  beforeAll(async () => {
    // Settings are cached as in production: a save must reach buyers all the same.
    t = await createTestApp({ websiteCacheMs: 60_000 });
    owner = await t.staffLogin('demo', 'owner');
  });
  afterAll(() => t.close());

  const read = async () => (await t.call('staff_get_settings', {}, owner)).data;

  it('reads every field of the site, its contacts and its privacy texts', async () => {
    const r = await read();
    expect(r.settings).toMatchObject({
      site: 'demo',
      domains: [],
      template_style: 1,
      template_color: 1,
      show_privacy: 1,
      money_unit: 'USD',
      show_function: { news: 1, about_us: 1, contact: 1 },
    });
    expect(r.settings.contacts[0]).toMatchObject({ company_contact: 'Lily Chen' });
    expect(r.settings.privacy.map((p) => p.lang).sort()).toEqual(['en', 'zh']);
  });

  it("shows a new colour on buyers' pages at once, the cache notwithstanding", async () => {
    const buyer = await t.login('demo', 'visitor');
    expect((await t.call('get_website_again', {}, buyer)).data.site.template_color).toBe(1);
    const { settings, updated_at } = await read();
    const r = await t.call(
      'staff_update_settings',
      { settings: { ...settings, template_color: 5 }, updated_at },
      owner,
    );
    expect(r.code).toBe(0);
    expect((await t.call('get_website_again', {}, buyer)).data.site.template_color).toBe(5);
    expect((await t.call('get_website_info', { site: 'demo' })).data.template_color).toBe(5);
  });

  it('refuses a save based on settings someone else saved meanwhile', async () => {
    const stale = await read();
    const fresh = await read();
    expect(
      (
        await t.call(
          'staff_update_settings',
          { settings: { ...fresh.settings, template_style: 2 }, updated_at: fresh.updated_at },
          owner,
        )
      ).code,
    ).toBe(0);
    const r = await t.call('staff_update_settings', { ...stale, lang: EN }, owner);
    expect(r).toMatchObject({ code: ErrorCode.CONFLICT, tip: expect.stringMatching(/Someone else saved/) });
    expect((await read()).settings.template_style).toBe(2);
  });

  it("answers on the company's own domains, and refuses a domain or site code another showroom has", async () => {
    const { settings, updated_at } = await read();
    const r = await t.call(
      'staff_update_settings',
      {
        settings: { ...settings, domains: ['Shop.Starlight-Toys.example', 'starlight.example'] },
        updated_at,
      },
      owner,
    );
    expect(r.data.settings.domains).toEqual(['shop.starlight-toys.example', 'starlight.example']);
    const byHost = await t.raw<{ site: string }>({
      method: 'POST',
      url: '/api/get_website_info',
      headers: { host: 'starlight.example:8080', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(byHost.data.site).toBe('demo');

    const other = await t.staffLogin('demo2', 'owner');
    const theirs = (await t.call('staff_get_settings', {}, other)).data;
    const taken = await t.call(
      'staff_update_settings',
      {
        settings: { ...theirs.settings, domains: ['starlight.example'] },
        updated_at: theirs.updated_at,
        lang: EN,
      },
      other,
    );
    expect(taken).toMatchObject({
      code: ErrorCode.FAILED,
      tip: 'The domain starlight.example is already used by another showroom',
    });
    const code = await t.call(
      'staff_update_settings',
      { settings: { ...theirs.settings, site: 'demo' }, updated_at: theirs.updated_at },
      other,
    );
    expect(code.code).toBe(ErrorCode.FAILED);
    expect(
      (
        await t.call(
          'staff_update_settings',
          { settings: { ...theirs.settings, domains: ['not a domain'] }, updated_at: theirs.updated_at },
          other,
        )
      ).code,
    ).toBe(ErrorCode.BAD_REQUEST);
  });

  it('takes a new logo only when it is an upload of the company that reads as a picture', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2181ED' } })
      .png()
      .toBuffer();
    const auth = (await t.call('staff_get_upload_credential', { content_type: 'image/png' }, owner)).data;
    expect(auth.key).toMatch(/^c\d+\/site\//);
    expect((await t.upload(auth, png)).status).toBe(204);
    const { settings, updated_at } = await read();
    const saved = await t.call(
      'staff_update_settings',
      { settings: { ...settings, company_logo: auth.file_url }, updated_at },
      owner,
    );
    expect(saved.data.settings.company_logo).toBe(auth.file_url);
    expect((await t.call('get_website_info', { site: 'demo' })).data.company_logo).toBe(auth.file_url);

    // Another company's upload, and a file that is no picture, are refused.
    const other = await t.staffLogin('demo2', 'owner');
    const theirs = (await t.call('staff_get_upload_credential', { content_type: 'image/png' }, other)).data;
    await t.upload(theirs, png);
    const now = await read();
    for (const url of [theirs.file_url, '/files/c1/site/2026-01-01/nothing.png']) {
      const r = await t.call(
        'staff_update_settings',
        { settings: { ...now.settings, bg_image: url }, updated_at: now.updated_at, lang: EN },
        owner,
      );
      expect(r).toMatchObject({ code: ErrorCode.BAD_REQUEST, tip: expect.stringMatching(/bg_image/) });
    }
    const fake = (await t.call('staff_get_upload_credential', { content_type: 'image/png' }, owner)).data;
    const notPng = Buffer.concat([png.subarray(0, 16), Buffer.from('<script>alert(1)</script>'.repeat(20))]);
    await t.upload(fake, notPng);
    const r = await t.call(
      'staff_update_settings',
      { settings: { ...now.settings, bg_image: fake.file_url }, updated_at: now.updated_at },
      owner,
    );
    expect(r.code).not.toBe(0);
  });

  it('saves contacts and privacy texts, which buyers then read', async () => {
    const { settings, updated_at } = await read();
    const r = await t.call(
      'staff_update_settings',
      {
        settings: {
          ...settings,
          contacts: [{ company_contact: 'Mia Wu', company_email: 'mia@starlight.example', lang_type: 0 }],
          privacy: [{ lang: 'en', title: 'Privacy', body: 'We keep what you send us.\n\nNothing else.' }],
        },
        updated_at,
      },
      owner,
    );
    expect(r.code).toBe(0);
    const buyer = await t.login('demo', 'visitor');
    expect((await t.call('contact_us', {}, buyer)).data.contacts.map((c) => c.company_contact)).toEqual([
      'Mia Wu',
    ]);
    const privacy = await t.call('get_privacy', { lang: 11201001 }, { website: buyer.website });
    expect(privacy.data).toMatchObject({
      lang: 'en',
      title: 'Privacy',
      body: 'We keep what you send us.\n\nNothing else.',
    });
  });
});

describe('get_privacy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers the privacy text in the buyer's language without a login, where the website shows it", async () => {
    const demo = await t.siteId('demo');
    const zh = await t.call('get_privacy', { lang: 11201001 }, { website: demo });
    expect(zh.data).toMatchObject({ lang: 'zh', title: '隐私声明' });
    expect(zh.data.body.split('\n\n')).toHaveLength(3);
    const ar = await t.call('get_privacy', { lang: 11201005 }, { website: demo });
    expect(ar.data.lang).toBe('en');
  });

  it('refuses where the website does not show it', async () => {
    const r = await t.call('get_privacy', {}, { website: await t.siteId('demo2') });
    expect(r.code).toBe(ErrorCode.FAILED);
  });
});
