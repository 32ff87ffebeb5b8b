import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY_LIFETIME } from '../src/cli/api-key-command.js';
import { USAGE } from '../src/cli/usage.js';

// Statements of the docs that once contradicted the code, kept true: what the serverless adapters
// serve, how many tools there are, and the command line's API key lifetime.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8').replace(/\s+/g, ' ');

describe('the docs follow the code', () => {
  it('say that Vercel and Lambda serve the packets and the companion pages (they do)', () => {
    const irsForms = read('docs/irs-forms.md');
    const companion = read('docs/companion.md');
    expect(irsForms).toContain('Vercel and Lambda serve the packets too');
    expect(companion).toContain('Vercel and Lambda serve these pages too with `COMPANION=on`');
    for (const text of [irsForms, companion]) {
      expect(text).not.toMatch(/Vercel and Lambda do not serve/);
    }
  });

  it('give the README no count of tools, which would drift as tools are added', () => {
    const readme = read('README.md');
    expect(readme).not.toMatch(
      /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty[\w-]*) (filing )?tools\b/i,
    );
    expect(readme).toContain('`tools/list` answers every one');
  });

  it('give API keys of the command line the API keys page’s default lifetime, with `never` to opt out', () => {
    const page = readFileSync(`${root}packages/companion/src/api-keys-page.ts`, 'utf8');
    const selected = /choice\.value === '(\w+)' \? html` selected`/.exec(page)?.[1];
    expect(selected).toBe('90d');
    expect(DEFAULT_API_KEY_LIFETIME).toBe(selected);
    expect(USAGE['api-key create']).toContain('or never (default: 90d');
    expect(read('docs/command-line.md')).toContain(
      'expires after 90 days unless `--expires-in` says otherwise, as the API keys page’s default; `--expires-in never`'.replace(
        '’',
        "'",
      ),
    );
  });
});
