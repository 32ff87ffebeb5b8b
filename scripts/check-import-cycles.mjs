#!/usr/bin/env node
// Finds import cycles among each workspace package's own source files, type-only imports included
// (`import type`, `export type ... from`, `import('...')` types): a cycle of types still ties the
// files together for a reader, and for the next change that makes one of them a value import.
//
// It also checks the floors of a package that has them (FLOORS below: filing-domain's): no import,
// type-only and `import()` included, may run from a folder up to a folder of a higher floor.
//
// Usage: node scripts/check-import-cycles.mjs [package dir...]
//   With no argument every package of the workspace is checked. A package listed in KNOWN_CYCLES
//   is reported but does not fail the run (its cycles are pending work in that package); every
//   other package with a cycle fails it, and so does any import that runs up a floor.
//        node scripts/check-import-cycles.mjs --floors <package dir> <src dir>
//   checks only the floors of that package on another copy of its src (what its test plants in).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Packages whose cycles are known and reported only, until their own rework removes them.
const KNOWN_CYCLES = new Set([]);

/**
 * The floors of a package's src, lowest first: each entry is a top folder of src (or a file
 * directly in it). A file may import its own folder, a folder of its own floor and any lower
 * floor, never a higher one; an entry in no floor fails the check. A file named here (a path
 * under src) stands on its own floor rather than its folder's. docs/architecture.md
 * ("Inside filing-domain") describes each floor.
 */
export const FLOORS = {
  'packages/filing-domain': [
    // The ground floor: what every other folder may use. loading/ holds the loaders of the
    // packages beneath filing-domain (irs-forms, oauth-core); logging/ the log-safe events.
    ['loading', 'logging', 'once.ts', 'fnv-hash.ts'],
    // The parts: a kind's record, the known errors and their one mapping, the forms, the
    // database, credentials, configuration (with the defaults the variables show) and rate limits.
    // (kinds/ names its forms' list-item ids, and errors/ maps the database's and the rate
    // limits' errors: so both sit here, beside what they import, not on the ground floor.)
    ['kinds', 'errors', 'forms', 'storage', 'auth', 'config', 'rate-limits'],
    // What the server serves: the tools and what they file, pay and read, the probes. The
    // migration list gathers every folder's tables, so it sits on the floor of the highest.
    ['tools', 'submission', 'payments', 'resources', 'prompts', 'probes', 'storage/migrations.ts'],
    // The composition: createFilingServer, its routes and its own deferred loads.
    ['server'],
    // The public names: the package's entries (`.`, `./settings`, the providers' `./providers/*`)
    // and the one list of every variable, the core's and the providers'.
    ['index.ts', 'settings.ts', 'providers', 'environment-variables.ts'],
  ],
};

function workspacePackages() {
  const dirs = [];
  for (const group of ['packages', 'adapters', 'examples']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      if (existsSync(join(base, name, 'package.json'))) dirs.push(`${group}/${name}`);
    }
  }
  return dirs;
}

function sourceFiles(dir) {
  const files = [];
  const walk = (current) => {
    for (const name of readdirSync(current)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

/** Every module specifier of a file: static imports and re-exports (type-only too), and `import()`. */
function specifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node)) {
      const literal = node.argument;
      if (ts.isLiteralTypeNode(literal) && ts.isStringLiteral(literal.literal))
        found.push(literal.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The floor entry of a source path relative to src: the path itself when FLOORS names the file,
 * else its top folder (the file's own name for a file directly in src).
 */
function entryOf(relativePath, floorOf) {
  const path = relativePath.split(sep).join('/');
  return floorOf.has(path) ? path : path.split('/')[0];
}

/**
 * Every import of `srcDir` that runs up `floors` (or comes from or goes to an entry in no floor), as
 * lines of text: `tools/x.ts -> ../server/y.js: "tools" (floor 3) may not import "server" (floor 4)`.
 */
export function floorViolations(srcDir, floors) {
  const floorOf = new Map(floors.flatMap((entries, index) => entries.map((entry) => [entry, index + 1])));
  const files = sourceFiles(srcDir);
  const known = new Set(files);
  const problems = [];
  for (const file of files) {
    const from = entryOf(relative(srcDir, file), floorOf);
    if (!floorOf.has(from)) {
      problems.push(`${relative(srcDir, file)}: "${from}" is on no floor (add it to FLOORS)`);
      continue;
    }
    for (const specifier of specifiers(file)) {
      const target = resolveLocal(file, specifier, known);
      if (target === undefined) continue;
      const to = entryOf(relative(srcDir, target), floorOf);
      if (to === from || (floorOf.get(to) ?? Infinity) <= floorOf.get(from)) continue;
      problems.push(
        `${relative(srcDir, file)} -> ${specifier}: "${from}" (floor ${floorOf.get(from)}) may not import "${to}" (floor ${floorOf.get(to) ?? 'none'})`,
      );
    }
  }
  return problems;
}

function resolveLocal(from, specifier, known) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m?js|tsx?)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node).has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return found;
}

/** The import cycles of one package's `src`, each as a sorted list of paths relative to the package. */
export function packageCycles(packageDir) {
  const dir = resolve(root, packageDir);
  const files = sourceFiles(join(dir, 'src'));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const edges = new Set();
    for (const specifier of specifiers(file)) {
      const target = resolveLocal(file, specifier, known);
      if (target !== undefined) edges.add(target);
    }
    graph.set(file, edges);
  }
  return cycles(graph).map((component) => component.map((file) => relative(dir, file)));
}

function reportFloors(name, srcDir) {
  const problems = floorViolations(srcDir, FLOORS[name]);
  if (problems.length === 0) return true;
  console.log(`FAIL: ${name} has ${problems.length} import(s) that run up a floor:`);
  for (const problem of problems) console.log(`  ${problem}`);
  console.log(`  (floors, lowest first: ${FLOORS[name].map((floor) => floor.join(' ')).join(' < ')})`);
  return false;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--floors') {
  const [name, srcDir] = process.argv.slice(3);
  if (FLOORS[name] === undefined) throw new Error(`${name} has no FLOORS`);
  if (!reportFloors(name, resolve(srcDir))) process.exit(1);
  console.log(`No import runs up a floor in ${name}.`);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const packages = process.argv.length > 2 ? process.argv.slice(2) : workspacePackages();
  let failed = false;
  for (const packageDir of packages) {
    const name = relative(root, resolve(root, packageDir));
    if (FLOORS[name] !== undefined && !reportFloors(name, join(root, name, 'src'))) failed = true;
    const found = packageCycles(name);
    if (found.length === 0) continue;
    const known = KNOWN_CYCLES.has(name);
    if (!known) failed = true;
    console.log(`${known ? 'known (reported only)' : 'FAIL'}: ${name} has ${found.length} import cycle(s):`);
    for (const component of found) console.log(`  ${component.join(' <-> ')}`);
  }
  if (failed) {
    console.error(
      'Import cycles or imports up a floor found (type-only imports count): break a cycle by moving the shared types into their own file; move what a lower floor needs down, or hand it in.',
    );
    process.exit(1);
  }
  console.log(
    `No import cycle in ${packages.length} package(s) (reported-only packages aside), no import up a floor.`,
  );
}
