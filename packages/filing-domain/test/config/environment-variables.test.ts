// docs/configuration.md and .env.example against the table of environment variables, and the table
// against the variables the source reads. `pnpm docs:config` rewrites the two files
// (UPDATE_CONFIG_DOCS=1).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_SECTIONS, ENVIRONMENT_VARIABLES } from '../../src/environment-variables.js';
import {
  type EnvironmentRead,
  environmentReads,
  isStandardVariable,
  renderConfigurationDoc,
  renderEnvExample,
} from '../support/configuration-docs.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const UPDATE = process.env.UPDATE_CONFIG_DOCS === '1';
// Test support, not the product: their variables are documented in docs/testing.md instead.
const TEST_SUPPORT = new Set(['packages/test-db', 'packages/conformance']);

// Where a workspace keeps shipped source: src/, a Node-only subpath beside it (oauth-core's node/),
// the CLI's bin/ and the Vercel functions' api/.
const SOURCE_DIRS = ['src', 'node', 'bin', 'api'];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await sourceFiles(path)));
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !/\.(test|spec)\.[mc]?[jt]s$/.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

/** Every package and adapter directory, relative to the root (`packages/protocol`, ...). */
async function workspaces(): Promise<string[]> {
  const result: string[] = [];
  for (const parent of ['packages', 'adapters']) {
    for (const entry of await readdir(join(ROOT, parent), { withFileTypes: true })) {
      if (entry.isDirectory()) result.push(`${parent}/${entry.name}`);
    }
  }
  return result;
}

async function reads(filter: (workspace: string) => boolean): Promise<EnvironmentRead[]> {
  const found: EnvironmentRead[] = [];
  for (const workspace of (await workspaces()).filter(filter)) {
    for (const dir of SOURCE_DIRS) {
      for (const file of await sourceFiles(join(ROOT, workspace, dir))) {
        found.push(...environmentReads(await readFile(file, 'utf8'), relative(ROOT, file)));
      }
    }
  }
  return found;
}

async function checkGenerated(path: string, expected: string): Promise<void> {
  const file = join(ROOT, path);
  if (UPDATE) await writeFile(file, expected);
  const actual = await readFile(file, 'utf8').catch(() => '');
  expect(actual, `${path} is out of date: run \`pnpm docs:config\``).toBe(expected);
}

describe('the environment variables table', () => {
  it('names each variable once, in a known section, in SCREAMING_SNAKE_CASE', () => {
    const names = ENVIRONMENT_VARIABLES.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    for (const variable of ENVIRONMENT_VARIABLES) {
      expect(variable.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(ENVIRONMENT_SECTIONS).toContain(variable.section);
      expect(variable.description.trim(), variable.name).not.toBe('');
      expect(variable.default.trim(), variable.name).not.toBe('');
    }
  });

  it('docs/configuration.md is generated from it', async () => {
    const doc = renderConfigurationDoc();
    for (const variable of ENVIRONMENT_VARIABLES) expect(doc).toContain(`| \`${variable.name}\` |`);
    await checkGenerated('docs/configuration.md', doc);
  });

  it('.env.example is generated from it', async () => {
    const example = renderEnvExample();
    for (const variable of ENVIRONMENT_VARIABLES) expect(example).toContain(`\n# ${variable.name}=`);
    await checkGenerated('.env.example', example);
  });

  it('lists every variable the packages and adapters read (test files and OTEL_* aside)', async () => {
    const listed = new Set(ENVIRONMENT_VARIABLES.map((variable) => variable.name));
    const missing = (await reads((workspace) => !TEST_SUPPORT.has(workspace)))
      .filter((read) => !listed.has(read.name) && !isStandardVariable(read.name))
      .map((read) => `${read.name} (read in ${read.file})`);
    expect(missing, 'add these to packages/filing-domain/src/environment-variables.ts').toEqual([]);
  });

  it('lists no variable that no source reads', async () => {
    const read = new Set((await reads((workspace) => !TEST_SUPPORT.has(workspace))).map((r) => r.name));
    const stale = ENVIRONMENT_VARIABLES.map((variable) => variable.name).filter(
      (name) => !read.has(name) && !isStandardVariable(name),
    );
    expect(stale).toEqual([]);
  });

  it('is read from the process by the adapters only: each in its one settings module', async () => {
    // filing-domain, oauth-core and serverless take the settings (or an environment record) they are
    // given; an adapter's settings module alone reads the process's environment (each adapter's own
    // test checks which module that is).
    const readers: string[] = [];
    for (const workspace of (await workspaces()).filter((workspace) => !TEST_SUPPORT.has(workspace))) {
      for (const dir of SOURCE_DIRS) {
        for (const file of await sourceFiles(join(ROOT, workspace, dir))) {
          if ((await readFile(file, 'utf8')).includes('process.env')) readers.push(relative(ROOT, file));
        }
      }
    }
    expect(readers.sort()).toEqual([
      'adapters/lambda/src/lambda-settings.ts',
      'adapters/node/src/settings.ts',
      'adapters/vercel/src/vercel-settings.ts',
    ]);
  });

  it("documents the test-support packages' variables in docs/testing.md", async () => {
    const testing = await readFile(join(ROOT, 'docs/testing.md'), 'utf8');
    const names = new Set((await reads((workspace) => TEST_SUPPORT.has(workspace))).map((r) => r.name));
    expect(names.size).toBeGreaterThan(0);
    expect([...names].filter((name) => !testing.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('environmentReads', () => {
  it('finds each form of reading a variable, and not the names in comments', () => {
    const text = [
      '// READ_IN_A_COMMENT is only named here',
      ' * COMMENT_NAME in TSDoc',
      'const a = env.PLAIN_READ ?? process.env.PROCESS_READ;',
      "const b = env['BRACKET_READ'] ?? env?.OPTIONAL_READ;",
      "const c = integer(env, 'PORT', 3000, 0, 65_535);",
      "const d = flag('HELPER_FLAG');",
      "const e = ['LIST_ONE', 'LIST_TWO'];",
      'const { DESTRUCTURED_ONE, DESTRUCTURED_TWO: renamed } = process.env;',
    ].join('\n');
    expect(
      environmentReads(text, 'x.ts')
        .map((read) => read.name)
        .sort(),
    ).toEqual(
      [
        'BRACKET_READ',
        'DESTRUCTURED_ONE',
        'DESTRUCTURED_TWO',
        'HELPER_FLAG',
        'LIST_ONE',
        'LIST_TWO',
        'OPTIONAL_READ',
        'PLAIN_READ',
        'PORT',
        'PROCESS_READ',
      ].sort(),
    );
  });

  it('ignores a file that does not touch the environment', () => {
    expect(environmentReads("const method = 'GET_THING';", 'x.ts')).toEqual([]);
  });
});
