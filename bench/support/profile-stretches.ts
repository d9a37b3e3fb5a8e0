/**
 * What a thread did during the stretches of a bench: reads a CPU profile (node --cpu-prof) and
 * the stretches.json that bench/load-isolation.ts --profile writes beside it, and prints, per kind
 * of stretch, how much of the wall time the thread was busy, and the functions that took most of
 * it, by self time and by total time (the function and what it called).
 *
 * Usage: node --import tsx bench/support/profile-stretches.ts <profile.cpuprofile> [stretches.json] [--top 25]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const [profileFile, stretchesFile = join(dirname(positionals[0] ?? '.'), 'stretches.json')] = positionals;
if (!profileFile) throw new Error('usage: profile-stretches <profile.cpuprofile> [stretches.json]');
const TOP = Number(values.top);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};
const stretches = JSON.parse(readFileSync(stretchesFile, 'utf8')) as {
  kind: string;
  startUs: number;
  endUs: number;
}[];

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const nameOf = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/');
  return `${functionName || '(anonymous)'}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
};
const NOT_BUSY = new Set(['(idle)', '(program)']);

interface Tally {
  wallUs: number;
  busyUs: number;
  self: Map<string, number>;
  total: Map<string, number>;
}
const tallies = new Map<string, Tally>();
const tallyOf = (kind: string) => {
  let t = tallies.get(kind);
  if (!t) tallies.set(kind, (t = { wallUs: 0, busyUs: 0, self: new Map(), total: new Map() }));
  return t;
};
for (const s of stretches) tallyOf(s.kind).wallUs += s.endUs - s.startUs;

// Each sample stands for the time until the next one.
let at = profile.startTime;
const times = profile.timeDeltas.map((d) => (at += d));
for (let i = 0; i < profile.samples.length; i++) {
  const t = times[i] as number;
  const took = (times[i + 1] ?? t) - t;
  const stretch = stretches.find((s) => t >= s.startUs && t < s.endUs);
  if (!stretch) continue;
  const tally = tallyOf(stretch.kind);
  const leaf = byId.get(profile.samples[i] as number);
  if (!leaf) continue;
  const leafName = leaf.callFrame.functionName;
  tally.self.set(nameOf(leaf), (tally.self.get(nameOf(leaf)) ?? 0) + took);
  if (NOT_BUSY.has(leafName)) continue;
  tally.busyUs += took;
  const seen = new Set<string>();
  for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
    const name = nameOf(byId.get(id) as ProfileNode);
    if (seen.has(name)) continue;
    seen.add(name);
    tally.total.set(name, (tally.total.get(name) ?? 0) + took);
  }
}

const msOf = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
for (const [kind, t] of tallies) {
  console.log(
    `\n== ${kind}: ${msOf(t.wallUs)} of wall time, thread busy ${msOf(t.busyUs)} (${((100 * t.busyUs) / t.wallUs).toFixed(0)} %)`,
  );
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, us]) => `  ${msOf(us)}  ${((100 * us) / t.wallUs).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  console.log(`-- self time\n${top(t.self)}`);
  console.log(`-- total time (with callees)\n${top(t.total)}`);
}
