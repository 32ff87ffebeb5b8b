#!/usr/bin/env node
// Checks that no import between protocol's folders runs back up its layers (type-only imports and
// `import()` types included: an upward arrow of types still makes a reader hold the upper folder
// to read the lower one). Each folder may import its own files and the folders of lower layers;
// two folders of one layer (the two wires) may not import each other.
//
// Usage: node scripts/check-layers.mjs [src dir]   (default: this package's src/)
//   Exits 1 and lists each upward import, or a folder that is in no layer.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The layers, lowest first. `.` is the server root: the files directly in src/ (createMcpServer,
 * the one HTTP handler, the options, the index files).
 */
export const LAYERS = [
  ['util'], // general helpers with no MCP in them
  ['jsonrpc'], // JSON-RPC 2.0 messages, responses and error codes
  ['mcp'], // MCP's vocabulary: revisions, _meta keys, header values, progress, caching hints
  ['context'], // what surrounds one request: RequestContext, Exchange, AuthInfo, observation
  ['http'], // the transport: classification, body, headers, replies, SSE, CORS, allow-lists
  ['auth'], // bearer credentials and challenges
  ['primitives'], // tools, resources, prompts, completions, logging: the method table
  ['rev2025-11-25', 'rev2026-07-28'], // each wire by revision; neither imports the other
  ['.'], // the server root
  ['otel'], // the OpenTelemetry observer (its own entry point)
];

const rank = new Map(LAYERS.flatMap((folders, index) => folders.map((folder) => [folder, index])));

function sourceFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** Every relative module specifier of a file: imports and re-exports (type-only too), `import()`. */
function relativeSpecifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) ||
      ts.isImportTypeNode(node)
    ) {
      const argument = ts.isImportTypeNode(node) ? node.argument.literal : node.arguments[0];
      if (argument !== undefined && ts.isStringLiteral(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** The top folder of a path relative to src (`.` for a file directly in src). */
function folderOf(relativePath) {
  const parts = relativePath.split(sep);
  return parts.length === 1 ? '.' : parts[0];
}

/** The upward imports (and files in no layer) under `srcDir`, as lines of text. */
export function layerViolations(srcDir) {
  const problems = [];
  for (const file of sourceFiles(srcDir)) {
    const from = folderOf(relative(srcDir, file));
    if (!rank.has(from)) {
      problems.push(`${relative(srcDir, file)}: the folder "${from}" is in no layer (add it to LAYERS)`);
      continue;
    }
    for (const specifier of relativeSpecifiers(file)) {
      const target = relative(srcDir, resolve(dirname(file), specifier));
      const to = folderOf(target);
      if (to === from) continue;
      if (!rank.has(to) || rank.get(to) >= rank.get(from)) {
        problems.push(`${relative(srcDir, file)} -> ${specifier}: "${from}" may not import "${to}"`);
      }
    }
  }
  return problems;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const srcDir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'src'));
  const problems = layerViolations(srcDir);
  if (problems.length > 0) {
    console.error(
      `Upward imports between protocol's folders (layers: ${LAYERS.map((l) => l.join(' | ')).join(' -> ')}):`,
    );
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`No upward import between protocol's folders (${LAYERS.length} layers).`);
}
