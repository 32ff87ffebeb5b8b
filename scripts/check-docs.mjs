#!/usr/bin/env node
// Keeps the prose from drifting away from the code it describes:
//   - every repository path written as code (`packages/x/src/y.ts`, `docs/testing.md`, `scripts/a.mjs`)
//     in README.md, docs/, the packages' READMEs and the source comments names a file or folder
//     that exists; a path relative to its package (`src/tools/complete-filing.ts`,
//     `eras/modern-http.ts`) must name a file of that package;
//   - a count of the product's tools written in prose ("16 tools", "Sixteen tools") equals the
//     number of tools the server lists (the generated tools/list); the interface specification's
//     own 14 may be named as such ("the spec's 14 tools");
//   - a count of environment variables written in prose ("69 environment variables") equals the
//     number of entries of the variables table (packages/filing-domain/src/config/variables/, and
//     each provider's, in its providers/*-settings.ts);
//   - a measured figure, written `<!-- measured:<key> -->60.4 s<!-- /measured -->` (on one line),
//     is the one docs/measurements.json last recorded for that key (scripts/measure-quickstart.mjs).
//
// Usage: node scripts/check-docs.mjs
//   Exits 1 and names each stale path or count (file:line and the text). Before reading the
//   repository it tries its rules on examples they must catch and text they must leave alone, so
//   a pattern that stops matching fails the run rather than passing silently.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SELF = 'scripts/check-docs.mjs';
const SCOPES = ['packages/', 'adapters/', 'bench/', 'scripts/', 'examples/', 'docs/', 'README.md'];
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|sh|ya?ml)$/;
/** Top-level folders and files of the repository: a path starting with one is read from the root. */
const ROOTED =
  /^(?:packages|adapters|bench|scripts|examples|docs|\.ci|\.github)\/|^(?:README|CHANGELOG|CONTRIBUTING|SECURITY)\.md$/;
/** A file name with an extension that names source or docs (not a MIME type or a method name). */
const FILE_LIKE = /\.(?:[cm]?[jt]sx?|json|md|sh|ya?ml|pdf|html|css|sql)$/;
/** A path written as code: letters, digits, `._-@/*` only (no spaces, `$`, `{`, `<`). */
const CODE_PATH = /`(\.{0,2}\/?[\w@.-]+(?:\/[\w@.*-]*)+)`/g;
const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
  'twenty-one',
  'twenty-two',
  'twenty-three',
  'twenty-four',
];
const TOOL_COUNT = /\b(\d+|[A-Za-z]+(?:-[a-z]+)?) (?:filing |MCP )?tools\b/g;
const VARIABLE_COUNT = /\b(\d+|[A-Za-z]+(?:-[a-z]+)?) environment variables\b/g;
const MEASURED = /<!-- measured:([\w.-]+) -->(.*?)<!-- \/measured -->/g;
const MEASURED_OPEN = /<!-- measured:[\w.-]+ -->/g;
/** The interface specification's own count, named as such. */
const SPEC_COUNT = /\b(?:spec(?:ification)?'s|interface spec(?:ification)?)\W+(?:\w+\W+){0,2}$/i;

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\n')
  .filter((file) => file !== '' && existsSync(join(root, file)));
const trackedSet = new Set(tracked);
const trackedFolders = new Set(
  tracked.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

/** The package folder a file belongs to (`packages/protocol`), or '' for the root. */
function packageOf(file) {
  const match = /^((?:packages|adapters|examples)\/[^/]+|bench)\//.exec(file);
  return match ? match[1] : '';
}

function pathExists(path) {
  const clean = path.replace(/\/+$/, '');
  if (clean.includes('*')) {
    const prefix = clean.slice(0, clean.indexOf('*')).replace(/\/[^/]*$/, '');
    return trackedFolders.has(prefix) || prefix === '';
  }
  return trackedSet.has(clean) || trackedFolders.has(clean);
}

/** The problem of a path written as code in `file`, or undefined when it names something real. */
function pathProblem(file, written) {
  if (/(?:^|\/)(?:dist|node_modules|\.data|\.turbo|artifacts)(?:\/|$)/.test(written)) return undefined;
  // An absolute or URL path, a package name, an elision, or a user's own dotfile (`.cursor/mcp.json`).
  if (/^(?:\/|@|\.(?!\.?\/|ci\/|github\/))/.test(written) || written.includes('...')) return undefined;
  const path = written.replace(/^\.\//, '');
  if (ROOTED.test(path)) return pathExists(path) ? undefined : `${written} does not exist`;
  if (!FILE_LIKE.test(path)) return undefined;
  if (path.startsWith('../')) {
    return pathExists(join(dirname(file), path)) ? undefined : `${written} does not exist`;
  }
  const pkg = packageOf(file);
  const candidates = [join(dirname(file), path), pkg && join(pkg, path), pkg && join(pkg, 'src', path)];
  if (candidates.some((candidate) => candidate && pathExists(candidate))) return undefined;
  // A path relative to some folder of its package: `eras/modern-http.ts` in protocol's src/.
  const within = pkg ? `${pkg}/` : '';
  if (tracked.some((other) => other.startsWith(within) && other.endsWith(`/${path}`))) return undefined;
  return pkg ? `${written} names no file of ${pkg}` : `${written} names no file of the repository`;
}

function toolCount() {
  const generated = readFileSync(
    join(root, 'packages/filing-domain/src/tools/tools-list.generated.ts'),
    'utf8',
  );
  const literal = /export const TOOLS_LIST_TEMPLATE = ("(?:[^"\\]|\\.)*");/.exec(generated);
  if (!literal) throw new Error('check-docs: TOOLS_LIST_TEMPLATE not found in tools-list.generated.ts');
  return JSON.parse(JSON.parse(literal[1])).tools.length;
}

/** The number of entries of the environment variables table. */
function variableCount() {
  return tracked
    .filter(
      (file) =>
        (file.startsWith('packages/filing-domain/src/config/variables/') && file.endsWith('.ts')) ||
        // Each provider's variables, beside it.
        /^packages\/filing-domain\/src\/[a-z]+\/providers\/[a-z-]+-settings\.ts$/.test(file),
    )
    .reduce(
      (sum, file) => sum + (readFileSync(join(root, file), 'utf8').match(/^ {4}name: '/gm) ?? []).length,
      0,
    );
}

/** The problem of a count of environment variables written in prose, or undefined. */
function variableCountProblem(match, variables) {
  const word = match[1].toLowerCase();
  const value = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word);
  if (value < 0 || value === variables) return undefined;
  return `"${match[0]}": the variables table lists ${variables} (generate the count, as docs/configuration.md does)`;
}

/** The problem of a tool count written in prose, or undefined. */
function countProblem(line, match, tools) {
  const word = match[1].toLowerCase();
  const value = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word);
  if (value < 0) return undefined;
  if (value === tools) return undefined;
  if (value === 14 && SPEC_COUNT.test(line.slice(0, match.index))) return undefined;
  return `"${match[0]}": the server lists ${tools} tools (say the count the generated tools/list gives, or name the spec's 14 as the spec's)`;
}

/** The figures scripts/measure-quickstart.mjs last recorded: `{ key: { text, ... } }`. */
function measuredFigures() {
  const file = join(root, 'docs/measurements.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).figures : {};
}

/** The problems of the measured figures written in a line (an empty list when each is the last measured). */
function measuredProblems(line, figures) {
  const problems = [];
  const complete = [...line.matchAll(MEASURED)];
  if ((line.match(MEASURED_OPEN) ?? []).length !== complete.length)
    problems.push('a measured figure must open and close on one line');
  for (const [, key, written] of complete) {
    const figure = figures[key];
    if (figure === undefined) problems.push(`"${written}": docs/measurements.json has no figure ${key}`);
    else if (written !== figure.text)
      problems.push(
        `"${written}" for ${key}: last measured ${figure.text} (docs/measurements.md; rerun node scripts/measure-quickstart.mjs, or write that)`,
      );
  }
  return problems;
}

function selfTest(tools, variables) {
  const failures = [];
  const expect = (what, problem, expected) => {
    if ((problem !== undefined) !== expected)
      failures.push(`${what}: ${expected ? 'passes' : `fails (${problem})`}`);
  };
  expect('README.md `docs/oauth.md`', pathProblem('README.md', 'docs/oauth.md'), false);
  expect(
    'README.md, a docs page that does not exist',
    pathProblem('README.md', `docs/${'no-such-page'}.md`),
    true,
  );
  expect(
    'README.md `packages/protocol/src/no-such.ts`',
    pathProblem('README.md', 'packages/protocol/src/no-such.ts'),
    true,
  );
  expect('protocol README `src/index.ts`', pathProblem('packages/protocol/README.md', 'src/index.ts'), false);
  expect('protocol file `eras/gone.ts`', pathProblem('packages/protocol/src/x.ts', 'eras/gone.ts'), true);
  expect("a user's dotfile", pathProblem('docs/testing.md', '.cursor/mcp.json'), false);
  expect('a MIME type', pathProblem('README.md', 'text/event-stream'), false);
  expect('a method name', pathProblem('README.md', 'tools/list'), false);
  expect('a build output', pathProblem('README.md', 'adapters/vercel/dist/templates/'), false);
  const probe = (text) =>
    [...text.matchAll(TOOL_COUNT)].map((match) => countProblem(text, match, tools)).find(Boolean);
  expect(
    '"Fifteen tools" with a wrong count',
    probe(`${NUMBER_WORDS[tools + 1]} tools: create_filing`),
    true,
  );
  expect('the right count in digits', probe(`the ${tools} tools`), false);
  expect("the spec's 14", probe("The spec's 14 tools keep their contracts"), false);
  expect(
    'an unqualified 14',
    tools === 14 ? undefined : probe('with the 14 filing tools, their'),
    tools !== 14,
  );
  const variablesProbe = (text) =>
    [...text.matchAll(VARIABLE_COUNT)].map((match) => variableCountProblem(match, variables)).find(Boolean);
  expect(
    'a stale count of variables',
    variablesProbe(`through ${variables + 1} environment variables`),
    true,
  );
  expect('the count of variables', variablesProbe(`through ${variables} environment variables`), false);
  const sample = { 'x.time': { text: '60.4 s' } };
  const figureProbe = (text) => measuredProblems(text, sample)[0];
  expect(
    'a measured figure',
    figureProbe('came <!-- measured:x.time -->60.4 s<!-- /measured --> after'),
    false,
  );
  expect('a stale figure', figureProbe('came <!-- measured:x.time -->28 s<!-- /measured --> after'), true);
  expect('an unknown key', figureProbe('<!-- measured:x.gone -->60.4 s<!-- /measured -->'), true);
  expect('an unclosed figure', figureProbe('came <!-- measured:x.time -->60.4 s'), true);
  return failures;
}

const tools = toolCount();
const variables = variableCount();
const figures = measuredFigures();
const failures = selfTest(tools, variables);
if (failures.length > 0) {
  console.error(`check-docs: a rule no longer does what its examples say:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}

const hits = [];
for (const file of tracked) {
  if (file === SELF || !SCOPES.some((scope) => file === scope || file.startsWith(scope))) continue;
  if (!TEXT_FILE.test(file) || /(?:^|\/)(?:node_modules|dist|results)\//.test(file)) continue;
  const isMarkdown = file.endsWith('.md');
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      for (const [, written] of line.matchAll(CODE_PATH)) {
        const problem = pathProblem(file, written);
        if (problem) hits.push(`${file}:${index + 1}: ${problem}`);
      }
      if (!isMarkdown) return;
      for (const match of line.matchAll(TOOL_COUNT)) {
        const problem = countProblem(line, match, tools);
        if (problem) hits.push(`${file}:${index + 1}: ${problem}`);
      }
      for (const match of line.matchAll(VARIABLE_COUNT)) {
        const problem = variableCountProblem(match, variables);
        if (problem) hits.push(`${file}:${index + 1}: ${problem}`);
      }
      for (const problem of measuredProblems(line, figures)) hits.push(`${file}:${index + 1}: ${problem}`);
    });
}

if (hits.length === 0) {
  console.log(
    `check-docs: every path written as code exists, every tool count says ${tools}, every count of environment variables ${variables}, and every measured figure is the last measured.`,
  );
} else {
  console.error(hits.join('\n'));
  console.error(
    `\ncheck-docs: ${hits.length} stale path(s) or count(s); mend the text, or the code it names.`,
  );
  process.exit(1);
}
