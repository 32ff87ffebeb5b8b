#!/usr/bin/env node
// Finds citations of documents a reader of this repository does not have: the project's
// interop notes, its protocol digest, its architecture and style notes and its interface
// specification (all kept outside the repository), the tracker's issue numbers, and relative
// Markdown links that leave the repository or lead nowhere. A comment, test title or doc cites a
// public source (an RFC section, an MCP specification page or SEP, an IRS instruction, with its
// URL where useful) or a page of this repository (docs/*.md) instead; a docs page it names, with
// its section (`docs/oauth.md#consent`), must exist.
//
// Usage: node scripts/check-citations.mjs
//   Exits 1 and names each hit (file:line, the rule and the text) when one is found.
//   Each rule is first tried on an example it must catch and on text it must leave alone, so a
//   pattern that stops matching fails the run rather than passing silently.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where citations are checked: every tracked or new file under these, README.md and CHANGELOG.md. */
const SCOPES = ['packages/', 'adapters/', 'bench/', 'scripts/', 'examples/', 'docs/'];
const TOP_FILES = ['README.md', 'CHANGELOG.md'];
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|md|ya?ml|sh|toml|txt|html|css|env(?:\.example)?)$/;
/** This file names the patterns it looks for. */
const SELF = 'scripts/check-citations.mjs';

/**
 * Each rule: what it finds, how to fix it, the pattern, an example it must catch and text it
 * must leave alone (a crypto digest, `esModuleInterop`, docs/architecture.md, a public issue).
 */
const RULES = [
  {
    name: 'interop notes',
    fix: 'cite the RFC section, MCP specification page or SEP the item stands for, or a docs/ page',
    pattern: /\bINTEROP\b/,
    catches: ['(spec: Limits; INTEROP item 4)', 'see INTEROP.md', 'INTEROP 15-18'],
    spares: ['"esModuleInterop": true', 'for CommonJS interop'],
  },
  {
    name: 'protocol digest',
    fix: 'cite the MCP 2026-07-28 specification page (https://modelcontextprotocol.io/specification/...)',
    pattern: /\bdigest,?\s*(?:§|sections?\s+\d|items?\s+\d)|\(digest\s*[;,)]|mcp-2026-07-28\.md/i,
    catches: ['the validation ladder (digest section 4.2)', '(digest §3)', 'digest sections 1-5'],
    spares: [
      "createHash('sha256').update(key).digest('hex')",
      'toEqual(digest(body))',
      "WebCrypto's first digest costs about 5 ms",
    ],
  },
  {
    name: 'notes outside the repository',
    fix: 'cite a docs/ page of this repository (docs/architecture.md, docs/spec-differences.md, ...)',
    pattern: /\b(?:ARCHITECTURE|STYLE|INTEROP)\.md\b|\binterface-spec\b|(?:\.\.\/)+shared\/|\/work\/shared\b/,
    catches: [
      'ARCHITECTURE.md gives this file no method logic',
      'spec/interface-spec.md',
      '../shared/STYLE.md',
    ],
    spares: ['[architecture](docs/architecture.md)', 'the shared pool', 'interface SpecialRange'],
  },
  {
    name: 'interface spec section',
    fix: 'say what the rule is, or cite the docs/ page that states it (docs/spec-differences.md, docs/oauth.md)',
    pattern:
      /\bspec: (?:[A-Z]|\/|\.?well-known)|\binterface spec(?:ification)?,? (?:section|rule|part)|\bAuthentication rules? \d|spec's [A-Z][a-z]+ part\b/,
    catches: [
      '(spec: POST /approve, INTEROP 14)',
      '(spec: Authentication rule 2)',
      "the spec's Limits part merged with",
      '(interface spec, Authentication rule 2)',
      '(spec: well-known)',
    ],
    spares: [
      '(the spec: initialize, server/discover and tools/list need no credential)',
      "the spec's 401 challenge",
    ],
  },
  {
    name: 'tracker issue number',
    fix: 'say what the change or rule is; the tracker is not public',
    pattern: /\b[Ii]ssues? #?\d+\b|\b[Ii]ssue "|(?<![\w-])\(#\d+\)/,
    catches: [
      '(issue 27)',
      'Issue 14: /register accepted',
      'issues 25 and 26',
      '(#25)',
      'issue "Real clients in CI"',
    ],
    spares: [
      'aws-lambda-nodejs-runtime-interface-client#97',
      'UTS #39\'s "highly restrictive"',
      "'&#39;'",
      'workers-oauth-provider #92',
    ],
  },
];

/** A page of docs/ named in a comment or text, with its section: `docs/oauth.md#consent`. */
const DOCS_CITATION = /(?<![\w-])docs\/([\w.-]+\.md)(?:#([\w-]+))?/g;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const headingAnchor = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const docsAnchors = new Map();
/** The problem of a docs/ citation, or undefined when its page and section exist. */
function docsCitationProblem(page, anchor) {
  const file = join(root, 'docs', page);
  if (!existsSync(file)) return `docs/${page} does not exist`;
  if (anchor === undefined) return undefined;
  if (!docsAnchors.has(page)) {
    const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    docsAnchors.set(
      page,
      new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => headingAnchor(match[1]))),
    );
  }
  return docsAnchors.get(page).has(anchor) ? undefined : `docs/${page} has no heading #${anchor}`;
}

/** Relative Markdown link targets: `](target)`, skipping URLs, anchors and mail addresses. */
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

function selfTest() {
  const failures = [];
  const expectProblem = (what, problem, expected) => {
    if ((problem !== undefined) !== expected)
      failures.push(`${what}: ${expected ? 'passes' : `fails (${problem})`}`);
  };
  expectProblem(
    'docs/spec-differences.md#authentication',
    docsCitationProblem('spec-differences.md', 'authentication'),
    false,
  );
  expectProblem(
    'docs/spec-differences.md#no-such-heading',
    docsCitationProblem('spec-differences.md', 'no-such-heading'),
    true,
  );
  expectProblem('docs/no-such-page.md', docsCitationProblem('no-such-page.md', undefined), true);
  expectProblem(
    'README.md links docs/oauth.md#consent',
    linkProblem('README.md', 'docs/oauth.md#consent'),
    false,
  );
  expectProblem(
    'README.md links ../shared/INTEROP.md',
    linkProblem('README.md', '../shared/INTEROP.md'),
    true,
  );
  expectProblem('docs/oauth.md links missing.md', linkProblem('docs/oauth.md', 'missing.md'), true);
  for (const rule of RULES) {
    for (const text of rule.catches)
      if (!rule.pattern.test(text)) failures.push(`${rule.name}: misses ${JSON.stringify(text)}`);
    for (const text of rule.spares)
      if (rule.pattern.test(text)) failures.push(`${rule.name}: fires on ${JSON.stringify(text)}`);
  }
  return failures;
}

function checkedFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...SCOPES, ...TOP_FILES],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return [...new Set(listed.split('\n'))].filter(
    (file) =>
      file !== '' &&
      file !== SELF &&
      !/(?:^|\/)(?:node_modules|dist)\//.test(file) &&
      TEXT_FILE.test(file) &&
      existsSync(join(root, file)),
  );
}

/** A relative link's problem, or undefined when it names a file or folder of this repository. */
function linkProblem(file, target) {
  if (/^(?:[a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target)) return undefined;
  const path = decodeURI(target.split('#')[0]);
  if (path === '') return undefined;
  const resolved = resolve(root, dirname(file), path);
  const inside = relative(root, resolved);
  if (inside.startsWith('..') || resolve(root, inside) !== resolved) return 'leads outside the repository';
  if (!existsSync(resolved)) return 'leads to no file of the repository';
  return undefined;
}

function findHits() {
  const hits = [];
  for (const file of checkedFiles()) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    let fenced = false;
    lines.forEach((line, index) => {
      for (const rule of RULES) {
        if (rule.pattern.test(line)) hits.push({ file, line: index + 1, rule, text: line.trim() });
      }
      for (const [text, page, anchor] of line.matchAll(DOCS_CITATION)) {
        const problem = docsCitationProblem(page, anchor);
        if (problem)
          hits.push({
            file,
            line: index + 1,
            rule: { name: problem, fix: 'cite a page and heading of docs/' },
            text,
          });
      }
      if (file.endsWith('.md')) {
        // Code is not a link: fenced blocks and inline code spans (`request[hook](parts)`) are skipped.
        if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
        if (fenced) return;
        for (const [, target] of line.replace(/`[^`]*`/g, '').matchAll(MARKDOWN_LINK)) {
          const problem = linkProblem(file, target);
          if (problem)
            hits.push({
              file,
              line: index + 1,
              rule: { name: `link ${problem}`, fix: 'link a file of this repository or a public URL' },
              text: target,
            });
        }
      }
    });
  }
  return hits;
}

const patternFailures = selfTest();
if (patternFailures.length > 0) {
  console.error(
    `check-citations: a rule's pattern no longer does what its examples say:\n  ${patternFailures.join('\n  ')}`,
  );
  process.exit(1);
}

const hits = findHits();
if (hits.length === 0) {
  console.log('check-citations: every citation names a public source or a file of this repository.');
} else {
  const byRule = new Map();
  for (const hit of hits) {
    console.error(`${hit.file}:${hit.line}: ${hit.rule.name}: ${hit.text.slice(0, 160)}`);
    byRule.set(hit.rule.name, { fix: hit.rule.fix, count: (byRule.get(hit.rule.name)?.count ?? 0) + 1 });
  }
  console.error(`\ncheck-citations: ${hits.length} citation(s) of documents outside the repository.`);
  for (const [name, { fix, count }] of byRule) console.error(`  ${name} (${count}): ${fix}`);
  process.exit(1);
}
