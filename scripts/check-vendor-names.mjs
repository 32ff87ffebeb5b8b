#!/usr/bin/env node
// Keeps the vendors in their provider modules: filing-domain's core (its `src`, outside every
// `providers/` folder) names no vendor (Telnyx, Stripe) in its code. The adapters build each provider
// from its settings and hand it in (`FilingServerOptions.fax`, `.payments`); the webhook path comes
// from the provider. Read with the TypeScript compiler API, so comments and prose do not count:
//   - an identifier (`telnyxFaxProvider(config.fax)`, `const stripe`), a property name included;
//   - a module specifier (`import('stripe')`, `from './providers/telnyx.js'`), except a re-export from
//     a providers/ module (the package's index and deployment entry re-export the providers);
//   - a string that is a path (`'/webhooks/telnyx/fax'`): a route the core would serve for a vendor.
// Other strings may name a vendor: the answers an agent reads say where the user pays
// ("Stripe's checkout page"), and the settings' messages and documentation name the variables.
// A file may be let through, with its reason (LET_THROUGH); none is: the variables named after a
// vendor (TELNYX_*, STRIPE_*, product: docs/configuration.md) are strings of config/core-settings.ts.
//
// Usage: node scripts/check-vendor-names.mjs
// Before reading the repository it checks itself: planted lines that name a vendor must each fail,
// and their neutral twins must pass, so a check that stopped working cannot pass.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORE = join(root, 'packages/filing-domain/src');
const VENDOR = /telnyx|stripe/i;
/** @type {Map<string, string>} A core file (path under src/) to why it may name a vendor. */
export const LET_THROUGH = new Map();

const inProviders = (path) => path.split('/').includes('providers');

/** The vendor names in one source's code: `line: what` for each. */
export function vendorNames(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const report = (node, what) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${what}`);
  };
  const specifierOf = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      return ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier : undefined;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      return node.arguments[0];
    }
    return undefined;
  };
  const visit = (node) => {
    const specifier = specifierOf(node);
    if (specifier !== undefined) {
      // The package's doors re-export the providers: `export { telnyxFaxProvider } from './.../providers/telnyx.js'`.
      if (ts.isExportDeclaration(node) && inProviders(specifier.text)) return;
      if (VENDOR.test(specifier.text)) report(node, `imports ${specifier.text}`);
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
        // An import's names are the identifiers below: checked as any other.
        if (node.importClause) ts.forEachChild(node.importClause, visit);
        if (ts.isExportDeclaration(node) && node.exportClause) ts.forEachChild(node.exportClause, visit);
        return;
      }
    } else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      if (VENDOR.test(node.text)) report(node, `names ${node.text}`);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (node.text.startsWith('/') && VENDOR.test(node.text)) report(node, `serves ${node.text}`);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      if (parts.some((part) => part.includes('/') && VENDOR.test(part))) report(node, 'serves a vendor path');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function selfCheck() {
  const mustFail = [
    "import { telnyxFaxProvider } from '../submission/providers/telnyx.js';",
    'const provider = telnyxFaxProvider(config.fax);',
    "export const loadStripe = () => import('stripe');",
    "export const PATH = '/webhooks/stripe';",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text, not a template
    'const url = `${base}/webhooks/telnyx/fax`;',
    'const options = { stripe: true };',
  ];
  const mustPass = [
    "export { telnyxFaxProvider } from '../submission/providers/telnyx.js';",
    'const provider = options.fax;',
    "// Telnyx's webhook: see providers/telnyx.ts",
    "const message = 'Pay on Stripe’s checkout page.';",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text, not a template
    'const url = `${base}${provider.webhookPath}`;',
  ];
  const wrong = [
    ...mustFail
      .filter((line) => vendorNames('planted.ts', line).length === 0)
      .map((line) => `passed: ${line}`),
    ...mustPass.filter((line) => vendorNames('planted.ts', line).length > 0).map((line) => `failed: ${line}`),
  ];
  if (wrong.length > 0) {
    console.error(`check-vendor-names does not work (its self-check):\n  ${wrong.join('\n  ')}`);
    process.exit(2);
  }
}

function coreFiles() {
  const files = [];
  const walk = (current) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'providers') walk(path);
      } else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  if (existsSync(CORE)) walk(CORE);
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  selfCheck();
  let failed = false;
  for (const file of coreFiles()) {
    const path = relative(CORE, file);
    if (LET_THROUGH.has(path)) continue;
    const found = vendorNames(file, readFileSync(file, 'utf8'));
    if (found.length === 0) continue;
    failed = true;
    console.log(`FAIL: packages/filing-domain/src/${path} names a vendor outside its provider modules:`);
    for (const line of found) console.log(`  line ${line}`);
  }
  if (failed) {
    console.error(
      'The core names no vendor: move the code into a providers/ module, and let the adapter build the provider from its settings and hand it in.',
    );
    process.exit(1);
  }
  console.log('check-vendor-names: the core names no vendor outside its provider modules.');
}
