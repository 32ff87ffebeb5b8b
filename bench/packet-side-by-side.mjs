// `node bench/packet-side-by-side.mjs --baseline <checkout> [--rounds 30]`: the packet bench of two
// builds of irs-forms in one process, interleaved round by round: this checkout's and another
// built checkout's (a `git worktree` at an earlier commit, for example before a PDF library
// change). Both build the same packets from the same templates: pro forma 1120 and two 5472s, and
// the same with two Part V statements. Prints the median CPU per packet of each, the ratio, and
// whether pdftotext reads the same text from every page of the two PDFs (when it is installed);
// then the same for the ZIP of the packet's files (`zipStore`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { packetFilings } from './lib/packet-filings.mjs';

const { values: flags } = parseArgs({
  options: { baseline: { type: 'string' }, rounds: { type: 'string', default: '30' } },
});
if (flags.baseline === undefined) {
  console.error('usage: node bench/packet-side-by-side.mjs --baseline <checkout> [--rounds 30]');
  process.exit(2);
}
const here = resolve(import.meta.dirname, '..');
const load = async (root) => ({
  forms: await import(pathToFileURL(join(root, 'packages/irs-forms/dist/index.js')).href),
  pdf: await import(pathToFileURL(join(root, 'packages/irs-forms/dist/pdf.js')).href),
});
const builds = { baseline: await load(resolve(flags.baseline)), ours: await load(here) };

const templateDir = join(here, 'packages/irs-forms/templates');
const cache = new Map();
const loadTemplate = (name) => {
  if (!cache.has(name)) cache.set(name, readFileSync(join(templateDir, name)));
  return cache.get(name);
};
const { filing, withStatements } = packetFilings(builds.ours.forms.EXAMPLE_SINGLE_MEMBER_FILING);
const workloads = {
  'pro forma 1120 + two 5472s': filing,
  'the same with two Part V statements': withStatements,
};

const originalWarn = console.warn;
console.warn = () => {}; // the XFA notice of a template load
const builders = Object.fromEntries(
  Object.entries(builds).map(([name, build]) => [name, new build.pdf.PacketBuilder({ loadTemplate })]),
);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function pages(pdf) {
  const dir = mkdtempSync(join(tmpdir(), 'packet-side-by-side-'));
  try {
    writeFileSync(join(dir, 'p.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'p.pdf'), '-'], { encoding: 'utf8' });
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rounds = Number(flags.rounds);
for (const [label, data] of Object.entries(workloads)) {
  const cpu = { baseline: [], ours: [] };
  const last = {};
  for (const name of Object.keys(builders)) last[name] = (await builders[name].build('5472', data)).pdf; // warm-up
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['baseline', 'ours'] : ['ours', 'baseline'];
    for (const name of order) {
      const start = process.cpuUsage();
      last[name] = (await builders[name].build('5472', data)).pdf;
      const used = process.cpuUsage(start);
      cpu[name].push((used.user + used.system) / 1000);
    }
  }
  const text = { baseline: pages(last.baseline), ours: pages(last.ours) };
  const same = text.ours === undefined ? 'pdftotext missing' : text.ours === text.baseline;
  const result = {
    baseline_ms: median(cpu.baseline),
    ours_ms: median(cpu.ours),
    ratio: median(cpu.ours) / median(cpu.baseline),
    bytes: { baseline: last.baseline.length, ours: last.ours.length },
    same_text_on_every_page: same,
  };
  console.log(`${label}, CPU per packet (median of ${rounds}, interleaved):`, result);
}

// The ZIP download (one PDF per form): each build's `zipStore` over the same files, built once by
// this checkout, interleaved round by round; then both archives read back with `unzip` (when
// installed): each tests clean, and both hold the same names in the same order with the same bytes.
const zipFiles = await builders.ours.buildFiles('5472', withStatements);
const zipEntries = zipFiles.map((file) => ({ name: file.fileName, bytes: file.bytes }));
const zipBytes = zipEntries.reduce((sum, entry) => sum + entry.bytes.length, 0);
const zipCpu = { baseline: [], ours: [] };
const zips = {};
const ZIPS_PER_SAMPLE = 10;
for (const name of Object.keys(builds)) zips[name] = builds[name].forms.zipStore(zipEntries); // warm-up
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? ['baseline', 'ours'] : ['ours', 'baseline'];
  for (const name of order) {
    const start = process.cpuUsage();
    for (let i = 0; i < ZIPS_PER_SAMPLE; i++) zips[name] = builds[name].forms.zipStore(zipEntries);
    const used = process.cpuUsage(start);
    zipCpu[name].push((used.user + used.system) / 1000 / ZIPS_PER_SAMPLE);
  }
}
// What `unzip` reads back: whether the archive tests clean, and every name with its bytes.
const unzipped = (zip) => {
  const dir = mkdtempSync(join(tmpdir(), 'packet-side-by-side-'));
  try {
    writeFileSync(join(dir, 'p.zip'), zip);
    const clean = execFileSync('unzip', ['-tq', join(dir, 'p.zip')], { encoding: 'utf8' }).includes(
      'No errors',
    );
    const names = execFileSync('unzip', ['-Z1', join(dir, 'p.zip')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const files = names.map((name) => [
      name,
      execFileSync('unzip', ['-p', join(dir, 'p.zip'), name]).toString('base64'),
    ]);
    return { clean, files: JSON.stringify(files) };
  } catch {
    return { clean: 'unzip missing or failed', files: undefined };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
const read = { baseline: unzipped(zips.baseline), ours: unzipped(zips.ours) };
console.log(
  `ZIP of ${zipEntries.length} PDFs (${zipBytes} bytes), CPU per archive (median of ${rounds} samples of ${ZIPS_PER_SAMPLE}, interleaved):`,
  {
    baseline_ms: median(zipCpu.baseline),
    ours_ms: median(zipCpu.ours),
    ratio: median(zipCpu.ours) / median(zipCpu.baseline),
    bytes: { baseline: zips.baseline.length, ours: zips.ours.length },
    unzip_tests_clean: { baseline: read.baseline.clean, ours: read.ours.clean },
    same_names_and_bytes: read.ours.files !== undefined && read.ours.files === read.baseline.files,
  },
);
console.warn = originalWarn;
