// Which exported names the rest of the repository imports: every `@filing-mcp/<package>[/subpath]`
// import (static, `export … from`, `import()` destructured, `import * as x` then `x.name`) in
// source, test, bench, example and script files outside the package's own folder, and in the
// TypeScript and JavaScript blocks of README.md and docs/. Used by `check-exports.mjs --unused`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const CODE = /\.(?:[cm]?[jt]sx?)$/;
const SPECIFIER = /^@filing-mcp\/[\w-]+(?:\/[\w./-]+)?$/;

/** Adds `name` to `uses[specifier]` with the file it was found in. */
function use(uses, specifier, name, file) {
  if (!SPECIFIER.test(specifier)) return;
  uses[specifier] ??= {};
  uses[specifier][name] ??= new Set();
  uses[specifier][name].add(file);
}

function walkCode(uses, file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const namespaces = new Map();
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = node.moduleSpecifier.text;
      if (ts.isImportDeclaration(node)) {
        const bindings = node.importClause?.namedBindings;
        if (node.importClause?.name) use(uses, specifier, 'default', file);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            use(uses, specifier, (element.propertyName ?? element.name).text, file);
          }
        } else if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, specifier);
      } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) {
          use(uses, specifier, (element.propertyName ?? element.name).text, file);
        }
      } else use(uses, specifier, '*', file);
    }
    // const x = await import('@filing-mcp/x'), then x.name
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer !== undefined) {
      const call = ts.isAwaitExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (
        ts.isCallExpression(call) &&
        call.expression.kind === ts.SyntaxKind.ImportKeyword &&
        ts.isStringLiteral(call.arguments[0])
      ) {
        namespaces.set(node.name.text, call.arguments[0].text);
      }
    }
    // const { a, b } = await import('@filing-mcp/x')
    if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer !== undefined
    ) {
      let call = node.initializer;
      if (ts.isAwaitExpression(call)) call = call.expression;
      if (
        ts.isCallExpression(call) &&
        call.expression.kind === ts.SyntaxKind.ImportKeyword &&
        ts.isStringLiteral(call.arguments[0])
      ) {
        for (const element of node.name.elements) {
          const name = element.propertyName ?? element.name;
          if (ts.isIdentifier(name)) use(uses, call.arguments[0].text, name.text, file);
        }
      }
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && node.qualifier) {
      const first = ts.isIdentifier(node.qualifier) ? node.qualifier : node.qualifier.left;
      if (ts.isIdentifier(first)) use(uses, node.argument.literal.text, first.text, file);
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const specifier = namespaces.get(node.expression.text);
      if (specifier) use(uses, specifier, node.name.text, file);
    }
    if (ts.isQualifiedName(node) && ts.isIdentifier(node.left)) {
      const specifier = namespaces.get(node.left.text);
      if (specifier) use(uses, specifier, node.right.text, file);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/**
 * `{ [specifier]: { [name]: Set<file> } }` over every file git tracks (and untracked, not ignored)
 * in the repository: code files whole, Markdown files by their fenced code blocks.
 */
export function importedNames(root) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !file.includes('node_modules/') && !file.startsWith('bench/results/'));
  const uses = {};
  for (const file of files) {
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue;
    }
    if (!text.includes('@filing-mcp/')) continue;
    if (CODE.test(file) && !file.endsWith('.d.ts')) walkCode(uses, file, text);
    else if (file.endsWith('.md')) {
      for (const block of text.matchAll(/```(?:ts|typescript|js|javascript|mjs|tsx)\n([\s\S]*?)```/g)) {
        walkCode(uses, `${file}.ts`, block[1]);
      }
    }
  }
  return uses;
}
