// The kind guard: in filing-domain's core and the companion, no source file but a kind's own
// (kinds/, and its form in forms/) compares with a kind's literal or names its table, and no core
// file names a vendor outside its providers/ module (scripts/check-vendor-names.mjs, whose
// reading this reuses). Used by filing-kinds.test.ts on the kinds of FILING_KINDS and by
// third-kind.test.ts on a kind registered beside them.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What the guard reads of a kind: its key and its table. */
export interface GuardedKind {
  kind: string;
  table: string;
}

/** Where the packages are: `filing-domain/src/...` and `companion/src/...` are read from here. */
export const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));

// Source files that may compare with a kind's literal, and why. Everything else looks the kind up in
// its record (kinds/) or its form (forms/<kind>-kind-form.ts).
// (None now: send_fax asks the kind's record whether it is mailed instead, `mailInstead`.)
const ALLOWED: Readonly<Record<string, string>> = {};
// Applied migrations never change: a new kind's table comes with a migration of its own
// (filingKindTableMigration, which also adds its table to 0008's submission trigger and gives it a
// create function).
const HISTORY = [
  'filing-domain/src/storage/migrations.ts',
  'filing-domain/src/storage/submission-flag.ts',
  'filing-domain/src/storage/create-filing-ids.ts',
];

/** Whether `path` (below the packages) is a kind's own module: its record or its form. */
export function isKindModule(path: string): boolean {
  return path.startsWith('filing-domain/src/kinds/') || path.startsWith('filing-domain/src/forms/');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The places `text` (the source at `path`, below the packages) compares with a kind's literal or
 * names a kind's table outside the kind's own module: `path: what` each.
 */
export function kindLiteralsIn(path: string, text: string, kinds: readonly GuardedKind[]): string[] {
  if (isKindModule(path) || HISTORY.includes(path)) return [];
  const literals = kinds.flatMap(({ kind, table }) => [kind, table]);
  const quoted = `['"\`](${literals.map(escapeRegExp).join('|')})['"\`]`;
  const comparison = new RegExp(`[!=]==?\\s*${quoted}|${quoted}\\s*[!=]==?|case\\s+${quoted}`, 'g');
  const table = new RegExp(`['"](${kinds.map(({ table }) => escapeRegExp(table)).join('|')})['"]`, 'g');
  const found: string[] = [];
  for (const match of text.matchAll(comparison)) {
    const literal = match.slice(1).find((group) => group !== undefined);
    if (ALLOWED[path] !== literal) found.push(`${path}: ${match[0]}`);
  }
  for (const match of text.matchAll(table)) found.push(`${path}: table ${match[0]}`);
  return found;
}

type VendorNames = (fileName: string, text: string) => string[];
let vendorCheck: Promise<{ vendorNames: VendorNames; LET_THROUGH: ReadonlyMap<string, string> }> | undefined;

/**
 * The vendor names in the code of `text` (the source at `path`, below the packages) when it is
 * filing-domain's core outside a providers/ folder: `path: line: what` each.
 */
export async function vendorNamesIn(path: string, text: string): Promise<string[]> {
  const core = 'filing-domain/src/';
  if (!path.startsWith(core) || path.split('/').includes('providers')) return [];
  vendorCheck ??= import(pathToFileURL(join(PACKAGES, '../scripts/check-vendor-names.mjs')).href);
  const { vendorNames, LET_THROUGH } = await vendorCheck;
  if (LET_THROUGH.has(path.slice(core.length))) return [];
  return vendorNames(path, text).map((line) => `${path}: ${line}`);
}

/** The TypeScript sources of a folder below the packages (generated files left out), as paths below them. */
export async function sourceFiles(root: string): Promise<string[]> {
  const entries = await readdir(join(PACKAGES, root), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.generated.ts'))
    .map((entry) => relative(PACKAGES, join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
}

/** Everything the guard finds in filing-domain's and the companion's sources, for `kinds`. */
export async function kindGuard(kinds: readonly GuardedKind[]): Promise<string[]> {
  const found: string[] = [];
  for (const root of ['filing-domain/src', 'companion/src']) {
    for (const path of await sourceFiles(root)) {
      const text = await readFile(join(PACKAGES, path), 'utf8');
      found.push(...kindLiteralsIn(path, text, kinds), ...(await vendorNamesIn(path, text)));
    }
  }
  return found;
}
