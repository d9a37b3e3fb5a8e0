// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { reactRouterProduction, reactRouterTreeShaking } from '../vite.config.ts';

/** Bundles a module that uses react-router's Link only, as the app's build would, unminified. */
async function bundleUsingLinkOnly(plugins: Plugin[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-build-'));
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, `export { Link } from ${JSON.stringify(reactRouterProduction)};`);
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['es'] },
      rolldownOptions: { external: ['react', 'react-dom', 'cookie', 'set-cookie-parser'] },
    },
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
  return chunks.map((c) => (c.type === 'chunk' ? c.code : '')).join('\n');
}

describe("the build's treatment of react-router", () => {
  it('leaves out the components the app does not use', async () => {
    const code = await bundleUsingLinkOnly([reactRouterTreeShaking()]);
    expect(code).toMatch(/\bvar Link\b/);
    expect(code).not.toMatch(/\bvar (NavLink|Form)\b/);
    expect(code).not.toMatch(/\.displayName = /);
  }, 30_000);

  it('would keep them without it (react-router marks them as having side effects)', async () => {
    const code = await bundleUsingLinkOnly([]);
    expect(code).toMatch(/\bvar NavLink\b/);
    expect(code).toMatch(/\bvar Form\b/);
  }, 30_000);
});
