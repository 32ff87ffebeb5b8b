#!/usr/bin/env node
// Keeps the vendors in their provider modules: filing-domain's core (its `src`, outside every
// `providers/` folder) names no vendor (Telnyx, Stripe) in its code. The adapters build each provider
// from its settings and hand it in (`FilingServerOptions.fax`, `.payments`); the webhook path comes
// from the provider. Read with the TypeScript compiler API, so comments and prose do not count:
//   - an identifier (`telnyxFaxProvider(config.fax)`, `const stripe`), a property name included;
//   - a module specifier (`import('stripe')`, `from './providers/telnyx.js'`), a re-export included:
//     the providers have package entries of their own (src/providers/), outside the core's;
//   - a string that is a path (`'/webhooks/telnyx/fax'`): a route the core would serve for a vendor;
//   - a string that names a provider's variable: one with a vendor's prefix (`'TELNYX_API_KEY'`,
//     `'STRIPE_SECRET_KEY'`), or one a provider module declares (`env: 'BILLING'`,
//     `name: 'FAX_FROM_NUMBER'`): each provider's settings are its own module's, and the core's
//     settings (config/core-settings.ts) read none of them.
// Other strings may name a vendor: the answers an agent reads say where the user pays
// ("Stripe's checkout page"). A file may be let through, with its reason (LET_THROUGH); none is.
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

/** A variable named after a vendor, inside a string. */
const VENDOR_VARIABLE = /\b(?:TELNYX|STRIPE)_[A-Z0-9_]+/;
const VARIABLE = /^[A-Z][A-Z0-9_]+$/;

/**
 * The variables a providers/ module declares: each string of SCREAMING_SNAKE_CASE given as an `env`
 * or `name` property (its settings table, its documentation).
 */
export function declaredVariables(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = new Set();
  const visit = (node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'env' || node.name.text === 'name') &&
      ts.isStringLiteralLike(node.initializer) &&
      VARIABLE.test(node.initializer.text)
    ) {
      found.add(node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The vendor names in one source's code: `line: what` for each; `variables`, the providers'
 * variables (declaredVariables), each refused as a string of the core.
 */
export function vendorNames(fileName, text, variables = new Set()) {
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
      const variable =
        node.text.match(VENDOR_VARIABLE)?.[0] ?? (variables.has(node.text) ? node.text : undefined);
      if (variable !== undefined) report(node, `reads the provider's variable ${variable}`);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      if (parts.some((part) => part.includes('/') && VENDOR.test(part))) report(node, 'serves a vendor path');
      const variable = parts.map((part) => part.match(VENDOR_VARIABLE)?.[0]).find(Boolean);
      if (variable !== undefined) report(node, `reads the provider's variable ${variable}`);
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
    // The providers have entries of their own: the core's re-export none.
    "export { telnyxFaxProvider } from '../submission/providers/telnyx.js';",
    // A provider's variables are its settings module's, not the core's.
    "const fax = { apiKey: { type: 'text', env: 'TELNYX_API_KEY' } };",
    "const message = 'Invalid environment: STRIPE_SECRET_KEY: is required';",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text, not a template
    'const message = `${prefix}: TELNYX_PUBLIC_KEY is required`;',
    "const billing = { type: 'choice', env: 'BILLING', options: ['on', 'off'] };",
  ];
  const planted = new Set(['BILLING']);
  const mustPass = [
    "export { FAX_VARIABLES } from '../providers/variables.js';",
    'const provider = options.fax;',
    "const limits = { type: 'text', env: 'RATE_LIMITS' };",
    '// TELNYX_API_KEY: see providers/telnyx-settings.ts',
    "// Telnyx's webhook: see providers/telnyx.ts",
    "const message = 'Pay on Stripe’s checkout page.';",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text, not a template
    'const url = `${base}${provider.webhookPath}`;',
  ];
  const declared = declaredVariables(
    'planted-settings.ts',
    "export const T = { billing: { env: 'BILLING' } }; export const V = [{ name: 'FAX_FROM_NUMBER' }, { env: 'lower' }];",
  );
  const wrong = [
    ...mustFail
      .filter((line) => vendorNames('planted.ts', line, planted).length === 0)
      .map((line) => `passed: ${line}`),
    ...mustPass
      .filter((line) => vendorNames('planted.ts', line, planted).length > 0)
      .map((line) => `failed: ${line}`),
    ...(declared.size === 2 && declared.has('BILLING') && declared.has('FAX_FROM_NUMBER')
      ? []
      : [
          `declaredVariables found ${[...declared].join(', ') || 'nothing'} (BILLING, FAX_FROM_NUMBER expected)`,
        ]),
  ];
  if (wrong.length > 0) {
    console.error(`check-vendor-names does not work (its self-check):\n  ${wrong.join('\n  ')}`);
    process.exit(2);
  }
}

/** The core's source files, and the providers' (in a providers/ folder). */
function sourceFiles() {
  const core = [];
  const providers = [];
  const walk = (current, inProviders) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path, inProviders || name === 'providers');
      else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts'))
        (inProviders ? providers : core).push(path);
    }
  };
  if (existsSync(CORE)) walk(CORE, false);
  return { core, providers };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  selfCheck();
  let failed = false;
  const { core, providers } = sourceFiles();
  const variables = new Set(
    providers.flatMap((file) => [...declaredVariables(file, readFileSync(file, 'utf8'))]),
  );
  for (const file of core) {
    const path = relative(CORE, file);
    if (LET_THROUGH.has(path)) continue;
    const found = vendorNames(file, readFileSync(file, 'utf8'), variables);
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
