// The README and the docs as a reader meets them: every relative link leads somewhere, and the
// README stays short and keeps the commands CI and users rely on.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function markdownFiles(): Promise<string[]> {
  const files = ['README.md', 'bench/README.md'];
  for (const dir of ['docs', 'bench/results']) {
    for (const name of await readdir(join(ROOT, dir))) if (name.endsWith('.md')) files.push(`${dir}/${name}`);
  }
  return files;
}

/** The link targets of a Markdown text, outside code blocks and code spans. */
function markdownLinks(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1]!,
  );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

async function anchors(file: string): Promise<Set<string>> {
  const text = (await readFile(file, 'utf8')).replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => headingAnchor(match[1]!)));
}

describe('links of the README, docs/ and bench/', () => {
  it('finds links, skipping code', () => {
    expect(markdownLinks('[a](docs/oauth.md) ![p](x.png) `[no](b.md)`\n```\n[no](c.md)\n```\n')).toEqual([
      'docs/oauth.md',
      'x.png',
    ]);
    expect(headingAnchor('IRS forms: the filing packet and check_filing')).toBe(
      'irs-forms-the-filing-packet-and-check_filing',
    );
  });

  it('every relative link points to a file that exists, and every anchor to a heading', async () => {
    const broken: string[] = [];
    for (const file of await markdownFiles()) {
      const text = await readFile(join(ROOT, file), 'utf8');
      for (const link of markdownLinks(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), decodeURI(path));
        if (!target.startsWith(ROOT) || !existsSync(target)) {
          broken.push(`${file}: ${link} (no such file ${relative(ROOT, target)})`);
        } else if (anchor && target.endsWith('.md') && !(await anchors(target)).has(anchor)) {
          broken.push(`${file}: ${link} (no heading #${anchor})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the README', () => {
  it('is at most 250 lines and keeps the two quick-start commands and the test command', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    // scripts/use-node.sh puts Node 22 and pnpm first on PATH where they are missing; .ci/run sources it too.
    expect(readme).toContain('\n. scripts/use-node.sh && pnpm install && pnpm start\n');
    expect(readme).toContain('\n. scripts/use-node.sh && pnpm install --frozen-lockfile && pnpm test\n');
    // .ci/run runs `pnpm test`, "the README's test command".
    expect(await readFile(join(ROOT, '.ci/run'), 'utf8')).toMatch(/^pnpm test$/m);
    expect(readme).toContain('[docs/testing.md](docs/testing.md)');
  });
});
