// The public surface of every workspace package (packages/*, adapters/*): for each subpath of its
// package.json `exports`, the names its entry module exports, read from the source entry (the file
// tsup.config.ts builds that subpath from) with the TypeScript compiler API, split into runtime
// values and types. Used by scripts/check-exports.mjs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The entry source file of each JavaScript subpath of a package: tsup.config.ts's `entry` names
 * the source of each built file; a subpath exported as a plain script file is that file.
 * Subpaths without code (`./templates/*`) are left out.
 */
export function packageEntries(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const tsup = existsSync(join(dir, 'tsup.config.ts'))
    ? readFileSync(join(dir, 'tsup.config.ts'), 'utf8')
    : '';
  const entryBlock = /entry:\s*\{([^}]*)\}/.exec(tsup)?.[1] ?? '';
  const sources = Object.fromEntries(
    [...entryBlock.matchAll(/(?:'([^']+)'|([\w-]+)):\s*'([^']+)'/g)].map((m) => [m[1] ?? m[2], m[3]]),
  );
  const entries = {};
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file =
      typeof target === 'string'
        ? target
        : (target.import?.types ?? target.types ?? target.import ?? target.default);
    if (typeof file !== 'string' || file.includes('*')) continue;
    const built = /^\.\/dist\/(.+?)\.(?:d\.ts|js|mjs|cjs)$/.exec(file);
    const source = built ? sources[built[1]] : file.replace(/^\.\//, '');
    if (source === undefined || !/\.[cm]?[jt]sx?$/.test(source)) {
      throw new Error(
        `${manifest.name}: no source entry for the subpath ${subpath} (${file}) in tsup.config.ts`,
      );
    }
    entries[subpath] = join(dir, source);
  }
  return { name: manifest.name, entries };
}

/** The workspace packages: every folder of packages/ and adapters/ with a package.json `exports`. */
export function workspacePackages(root) {
  const dirs = [];
  for (const parent of ['packages', 'adapters']) {
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      const dir = join(root, parent, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, 'package.json'))) continue;
      if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).exports) dirs.push(dir);
    }
  }
  return dirs.sort();
}

/** Whether an export is type-only: `export type { X }`, or re-exported through such a line. */
function typeOnly(checker, symbol) {
  let current = symbol;
  for (let depth = 0; depth < 20 && current.flags & ts.SymbolFlags.Alias; depth++) {
    for (const declaration of current.declarations ?? []) {
      if (
        ts.isExportSpecifier(declaration) &&
        (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)
      ) {
        return true;
      }
      if (
        ts.isImportSpecifier(declaration) &&
        (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)
      ) {
        return true;
      }
      if (ts.isImportClause(declaration) && declaration.isTypeOnly) return true;
    }
    current = checker.getImmediateAliasedSymbol(current) ?? current;
    if (!(current.flags & ts.SymbolFlags.Alias)) break;
  }
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return (target.flags & ts.SymbolFlags.Value) === 0;
}

/**
 * The exports of entry files, read with one TypeScript program: `{ [file]: { values, types } }`,
 * each list sorted. A name that is both (a class) counts as a value.
 */
export function readExports(files) {
  const program = ts.createProgram(files, {
    allowJs: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const result = {};
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`cannot read ${file}`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const values = [];
    const types = [];
    for (const symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      (typeOnly(checker, symbol) ? types : values).push(symbol.getName());
    }
    result[file] = { values: values.sort(), types: types.sort() };
  }
  return result;
}

/** The exports of every workspace package: `{ [package]: { [subpath]: { values, types } } }`. */
export function listExports(root) {
  const packages = workspacePackages(root).map(packageEntries);
  const exported = readExports(packages.flatMap(({ entries }) => Object.values(entries)));
  const list = {};
  for (const { name, entries } of packages.sort((a, b) => a.name.localeCompare(b.name))) {
    list[name] = {};
    for (const [subpath, file] of Object.entries(entries)) list[name][subpath] = exported[file];
  }
  return list;
}

/** A path relative to the repository root, for messages. */
export const shown = (root, file) => relative(root, file);
