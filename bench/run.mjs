// Runs every benchmark under bench/ in turn; each prints its own ratio against a baseline.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const only = process.argv[2];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && (!only || f.includes(only)))) {
  console.log(`\n# ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
