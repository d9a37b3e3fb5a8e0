import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('get_certification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers certificates and factory inspections, or one kind when asked', async () => {
    const who = await t.login('demo', 'visitor');
    const all = (await t.call('get_certification', { lang: 11201002 }, who)).data;
    expect(all.filter((c) => c.kind === 'certificate')).toHaveLength(4);
    expect(all.filter((c) => c.kind === 'inspection')).toHaveLength(3);
    const inspections = (await t.call('get_certification', { kind: 'inspection', lang: 11201002 }, who)).data;
    expect(inspections).toHaveLength(3);
    for (const c of inspections) expect(c.factory).toMatch(/Factory|Toys|Co/);
  });
});
