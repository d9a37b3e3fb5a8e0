import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const featureOf = (file: string): string | undefined => {
  const rel = relative(FEATURES, file);
  return rel.startsWith('..') || !rel.includes('/') ? undefined : rel.split('/')[0];
};

describe('feature boundaries (ARCHITECTURE.md section 1)', () => {
  it('no feature imports another feature; shared code lives in app/, components/ or lib/', () => {
    const crossings: string[] = [];
    for (const file of sources(FEATURES)) {
      const own = featureOf(file);
      if (!own) continue;
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const target = featureOf(resolve(dirname(file), spec as string));
        if (target && target !== own) crossings.push(`${relative(FEATURES, file)} -> ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
