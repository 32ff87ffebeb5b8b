#!/usr/bin/env node
// Keeps every package's public surface a decision: lists the names each subpath of each workspace
// package exports (scripts/exports-list.mjs: runtime values and types, read from the source entry
// with the TypeScript compiler API) and compares them with the checked-in exports.lock.json.
//
// Usage: node scripts/check-exports.mjs [--update] [--unused]
//   (no flag)  exits 1 and names, per package and subpath, every name added or removed since the
//              list was written, and how to accept the change;
//   --update   writes the list as the code has it now (`pnpm check:exports --update`);
//   --unused   also prints, per package, the names no other package, adapter, bench, example,
//              script or README/docs code block imports (scripts/exports-usage.mjs): the ones to
//              drop from the index, or to import from the source path in the package's own tests.
// Before reading the repository it checks itself: a planted extra export, a removed one and a new
// subpath must each fail the comparison, so a comparison that stopped working cannot pass.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listExports, packageEntries, workspacePackages } from './exports-list.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = join(root, 'exports.lock.json');
const UPDATE = 'pnpm check:exports --update';

/**
 * The differences between the checked-in list and the current one: one line per package subpath
 * with added or removed names (values and types apart); an empty array when they agree.
 */
export function compareExports(locked, current) {
  const problems = [];
  const packages = new Set([...Object.keys(locked), ...Object.keys(current)]);
  for (const name of [...packages].sort()) {
    const subpaths = new Set([...Object.keys(locked[name] ?? {}), ...Object.keys(current[name] ?? {})]);
    for (const subpath of [...subpaths].sort()) {
      const where = subpath === '.' ? name : `${name}/${subpath.slice(2)}`;
      const before = locked[name]?.[subpath];
      const now = current[name]?.[subpath];
      if (before === undefined) {
        problems.push(`${where}: a new entry, exporting ${describe(now)}`);
        continue;
      }
      if (now === undefined) {
        problems.push(`${where}: the entry is gone (it exported ${describe(before)})`);
        continue;
      }
      for (const kind of ['values', 'types']) {
        const added = now[kind].filter((n) => !before[kind].includes(n));
        const removed = before[kind].filter((n) => !now[kind].includes(n));
        if (added.length) problems.push(`${where}: ${kind} added: ${added.join(', ')}`);
        if (removed.length) problems.push(`${where}: ${kind} removed: ${removed.join(', ')}`);
      }
    }
  }
  return problems;
}

function describe(entry) {
  return `${entry.values.length} values and ${entry.types.length} types`;
}

/** The comparison must catch a planted export, a dropped one and a new subpath. */
function selfTest() {
  const base = { '@x/a': { '.': { values: ['one'], types: ['Two'] } } };
  const cases = [
    [
      'a planted extra value',
      { '@x/a': { '.': { values: ['extra', 'one'], types: ['Two'] } } },
      'values added: extra',
    ],
    ['a removed type', { '@x/a': { '.': { values: ['one'], types: [] } } }, 'types removed: Two'],
    [
      'a new subpath',
      { '@x/a': { '.': base['@x/a']['.'], './more': { values: ['m'], types: [] } } },
      '@x/a/more: a new entry',
    ],
  ];
  for (const [what, current, expected] of cases) {
    const problems = compareExports(base, current);
    if (!problems.some((p) => p.includes(expected))) {
      throw new Error(`check-exports self-test: ${what} was not caught (got ${JSON.stringify(problems)})`);
    }
  }
  if (compareExports(base, structuredClone(base)).length !== 0) {
    throw new Error('check-exports self-test: equal lists reported as different');
  }
  plantedExportFails();
}

/**
 * End to end on a throwaway workspace: a package whose index gains a planted export (and a type)
 * must fail the comparison with the list it had before the plant, naming both.
 */
function plantedExportFails() {
  const scratch = mkdtempSync(join(tmpdir(), 'check-exports-'));
  try {
    const dir = join(scratch, 'packages', 'planted');
    mkdirSync(join(dir, 'src'), { recursive: true });
    mkdirSync(join(scratch, 'adapters'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: '@x/planted', exports: { '.': { types: './dist/index.d.ts' } } }),
    );
    writeFileSync(join(dir, 'tsup.config.ts'), "export default { entry: { index: 'src/index.ts' } };\n");
    writeFileSync(
      join(dir, 'src', 'shapes.ts'),
      'export const circle = 1;\nexport interface Square { side: number }\n',
    );
    writeFileSync(join(dir, 'src', 'index.ts'), "export { circle } from './shapes.js';\n");
    const before = listExports(scratch);
    writeFileSync(
      join(dir, 'src', 'index.ts'),
      "export { circle } from './shapes.js';\nexport type { Square } from './shapes.js';\nexport const planted = 2;\n",
    );
    const problems = compareExports(before, listExports(scratch));
    const expected = ['@x/planted: values added: planted', '@x/planted: types added: Square'];
    if (expected.some((line) => !problems.includes(line))) {
      throw new Error(
        `check-exports self-test: a planted export was not caught (got ${JSON.stringify(problems)})`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function printUnused(current) {
  const { importedNames } = await import('./exports-usage.mjs');
  const uses = importedNames(root);
  const folders = Object.fromEntries(
    workspacePackages(root).map((dir) => [packageEntries(dir).name, `${relative(root, dir)}/`]),
  );
  for (const [name, subpaths] of Object.entries(current)) {
    for (const [subpath, { values, types }] of Object.entries(subpaths)) {
      const specifier = subpath === '.' ? name : `${name}/${subpath.slice(2)}`;
      const used = uses[specifier] ?? {};
      // The package's own code and tests do not count; its README's examples do.
      const outside = (n) =>
        [...(used[n] ?? [])].some((file) => file.endsWith('.md.ts') || !file.startsWith(folders[name]));
      const unused = [...values, ...types].filter((n) => !outside(n));
      const total = values.length + types.length;
      console.log(
        `${specifier}: ${total} names, ${unused.length} not imported elsewhere: ${unused.join(' ')}`,
      );
    }
  }
}

async function main() {
  selfTest();
  const current = listExports(root);
  const args = process.argv.slice(2);
  if (args.includes('--update')) {
    writeFileSync(LOCK, `${JSON.stringify(current, null, 2)}\n`);
    console.log(`check-exports: wrote ${relative(root, LOCK)}`);
  } else {
    let locked;
    try {
      locked = JSON.parse(readFileSync(LOCK, 'utf8'));
    } catch (error) {
      console.error(
        `check-exports: cannot read ${relative(root, LOCK)} (${error.message}); run \`${UPDATE}\``,
      );
      process.exit(1);
    }
    const problems = compareExports(locked, current);
    if (problems.length > 0) {
      console.error(
        `check-exports: the packages' exports differ from ${relative(root, LOCK)}:\n` +
          problems.map((p) => `  - ${p}`).join('\n') +
          '\nA package exports what other packages or users need (docs/architecture.md, "Public surfaces").' +
          ` If the change is meant, run \`${UPDATE}\` and commit exports.lock.json with it;` +
          " otherwise import the name from its source path (the package's own tests) instead.",
      );
      process.exitCode = 1;
    } else {
      const count = Object.values(current).flatMap((s) => Object.values(s));
      console.log(`check-exports: ${count.length} package entries as listed in ${relative(root, LOCK)}`);
    }
  }
  if (args.includes('--unused')) await printUnused(current);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
