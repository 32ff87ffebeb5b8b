// Summarises a V8 .cpuprofile (from `pnpm bench -- --profile`): self time by function and by
// package/file, to find where a server's time goes. Usage: node profile-summary.mjs <file> [top]
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const top = Number(process.argv[3] ?? 30);

const selfTicks = new Map();
for (const sample of profile.samples) selfTicks.set(sample, (selfTicks.get(sample) ?? 0) + 1);
// Percentages are of busy time: a server idles between the benchmark's rounds.
const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const total = profile.samples.filter((id) => !idleIds.has(id)).length;

function where(callFrame) {
  const url = callFrame.url.replace(/^file:\/\//, '');
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (pnpm) return `${pnpm[1]}/${pnpm[2]}`;
  const workspace = /\/work\/main\/(.*)$/.exec(url);
  return workspace ? workspace[1] : url || '(native)';
}

const byFunction = new Map();
const byFile = new Map();
for (const node of profile.nodes) {
  const ticks = selfTicks.get(node.id) ?? 0;
  if (ticks === 0 || idleIds.has(node.id)) continue;
  const file = where(node.callFrame);
  const name = `${node.callFrame.functionName || '(anonymous)'}  ${file}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ticks);
  const group = file.startsWith('(') ? node.callFrame.functionName : file;
  byFile.set(group, (byFile.get(group) ?? 0) + ticks);
}

const print = (title, map) => {
  process.stdout.write(`\n${title}\n`);
  for (const [name, ticks] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${((100 * ticks) / total).toFixed(1).padStart(5)}%  ${name}\n`);
  }
};
print('self time by function', byFunction);
print('self time by file', byFile);
