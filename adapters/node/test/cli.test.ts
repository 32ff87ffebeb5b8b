import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli-process.js';

const STACK_LINE = /^\s+at /m;

let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'filing-mcp-cli-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function freshDir(name: string): string {
  return join(workDir, name);
}

describe('filing-mcp --help', () => {
  const commands = [
    { args: ['--help'], shows: 'Usage: filing-mcp <command>' },
    { args: [], shows: 'Usage: filing-mcp <command>' },
    { args: ['serve', '--help'], shows: 'Usage: filing-mcp serve' },
    { args: ['migrate', '-h'], shows: 'Usage: filing-mcp migrate' },
    { args: ['api-key', '--help'], shows: 'Usage: filing-mcp api-key <create|list|revoke>' },
    { args: ['api-key', 'create', '--help'], shows: 'Usage: filing-mcp api-key create --user <id>' },
    { args: ['api-key', 'list', '--help'], shows: 'Usage: filing-mcp api-key list --user <id>' },
    { args: ['api-key', 'revoke', '--help'], shows: 'Usage: filing-mcp api-key revoke <id>' },
    { args: ['session-token', '--help'], shows: 'Usage: filing-mcp session-token --user <id>' },
  ];

  it.each(commands)(
    '`filing-mcp $args` prints its usage on stdout, exits 0 and touches nothing',
    async ({ args, shows }) => {
      const cwd = workDir;
      const result = await runCli(args, { cwd });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(shows);
      expect(result.stderr).toBe('');
      expect(existsSync(join(cwd, '.data'))).toBe(false);
    },
  );

  it('prints the version', async () => {
    const result = await runCli(['--version'], { cwd: workDir });
    expect(result).toMatchObject({ code: 0, stdout: '1.1.0\n' });
  });
});

describe('filing-mcp command-line errors exit 2 and change nothing', () => {
  const cases = [
    { args: ['frobnicate'], says: "filing-mcp: unknown command 'frobnicate'" },
    { args: ['--frobnicate'], says: "filing-mcp: unknown option '--frobnicate'" },
    { args: ['serve', '--port', '4000'], says: "filing-mcp serve: Unknown option '--port'" },
    { args: ['api-key'], says: 'filing-mcp api-key: an api-key command is required' },
    { args: ['api-key', 'rotate'], says: "filing-mcp api-key: unknown api-key command 'rotate'" },
    { args: ['api-key', 'create'], says: 'filing-mcp api-key create: --user <value> is required' },
    { args: ['api-key', 'create', '--user'], says: "Option '--user <value>' argument missing" },
    {
      args: ['api-key', 'create', '--user', 'u', '--expires-in', '30x'],
      says: '--expires-in must be a positive duration',
    },
    {
      args: ['api-key', 'create', '--user', 'u', '--expires-in', '0d'],
      says: '--expires-in must be a positive duration',
    },
    { args: ['api-key', 'create', '--user', 'u', 'extra'], says: "Unexpected argument 'extra'" },
    {
      args: ['api-key', 'create', '--user', 'u', '--scope', 'filings:admin'],
      says: '--scope: unknown scope "filings:admin"; supported: mcp, filings:read, filings:write',
    },
    { args: ['api-key', 'list'], says: 'filing-mcp api-key list: --user <value> is required' },
    { args: ['api-key', 'revoke'], says: 'the id of the key to revoke is required' },
    {
      args: ['session-token', '--user', 'u', '--expires-in', 'soon'],
      says: '--expires-in must be a positive duration',
    },
  ];

  it.each(cases)('`filing-mcp $args`', async ({ args, says }) => {
    const dataDir = freshDir(`usage-${args.join('-')}`);
    const result = await runCli(args, { cwd: workDir, env: { DATA_DIR: dataDir } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(says);
    expect(result.stderr).toContain('--help');
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('filing-mcp a command named like a prototype member is an unknown command', () => {
  const NAMES = ['hasOwnProperty', 'constructor', '__proto__', 'toString', 'valueOf', 'prototype'];
  const cases = NAMES.flatMap((name) => [
    { args: [name], where: 'filing-mcp', says: `unknown command '${name}'` },
    {
      args: ['api-key', name],
      where: 'filing-mcp api-key',
      says: `unknown api-key command '${name}' (expected create, list or revoke)`,
    },
  ]);

  it.each(cases)(
    '`filing-mcp $args` exits 2 with the usage error, no stack',
    async ({ args, where, says }) => {
      const dataDir = freshDir(`prototype-${args.join('-')}`);
      const result = await runCli(args, { cwd: workDir, env: { DATA_DIR: dataDir, LOG_LEVEL: 'debug' } });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`${where}: ${says}\nRun '${where} --help' for usage.\n`);
      expect(result.stderr).not.toMatch(STACK_LINE);
      expect(existsSync(dataDir)).toBe(false);
    },
  );
});

describe('filing-mcp configuration errors exit 1, name the setting, show no stack, change nothing', () => {
  const cases: Array<{ env: Record<string, string>; names: string }> = [
    { env: { PORT: 'abc' }, names: 'PORT must be an integer from 0 to 65535' },
    { env: { PORT: '70000' }, names: 'PORT must be an integer' },
    { env: { LOG_LEVEL: 'loud' }, names: 'LOG_LEVEL must be one of debug, info, warn, error, silent' },
    { env: { COMPANION: 'maybe' }, names: 'COMPANION must be one of auto, on, off' },
    { env: { DATABASE_URL: 'mysql://root:hunter2@db/x' }, names: 'DATABASE_URL must be a PostgreSQL URL' },
    { env: { MCP_BASE_URL: 'ftp://example.com/mcp' }, names: 'MCP_BASE_URL' },
    { env: { SESSION_JWT_SECRET: 'short' }, names: 'SESSION_JWT_SECRET: must be at least 32 characters' },
    { env: { COMPANION: 'off' }, names: 'APP_URL must be set when the companion pages are off' },
    { env: { CIMD_ALLOW_LOOPBACK: 'yes' }, names: 'CIMD_ALLOW_LOOPBACK must be 1 or 0 (got "yes")' },
  ];

  it.each(cases)('serve with $env', async ({ env, names }) => {
    const dataDir = freshDir(`config-${cases.findIndex((entry) => entry.env === env)}`);
    const result = await runCli(['serve'], {
      cwd: workDir,
      env: { ...env, DATA_DIR: dataDir, PORT: env.PORT ?? '0' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(names);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stderr).not.toContain('listening on');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('serve on DATABASE_URL without SESSION_JWT_SECRET or SESSION_JWKS_URL refuses to start', async () => {
    const dataDir = freshDir('refuse-without-secret');
    const result = await runCli(['serve'], {
      cwd: workDir,
      env: {
        DATABASE_URL: 'postgres://filing:hunter2@127.0.0.1:9/filing',
        APP_URL: 'https://app.example.com',
        PORT: '0',
        DATA_DIR: dataDir,
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'SESSION_JWT_SECRET or SESSION_JWKS_URL must be set when DATABASE_URL is set',
    );
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stdout).toBe('');
    // No development secret is invented for a production database.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('serve on DATABASE_URL refuses the CIMD development switch unless CIMD_ALLOW_LOOPBACK_WITH_DATABASE confirms it', async () => {
    const dataDir = freshDir('refuse-cimd-loopback');
    const result = await runCli(['serve'], {
      cwd: workDir,
      env: {
        DATABASE_URL: 'postgres://filing:hunter2@127.0.0.1:9/filing',
        SESSION_JWT_SECRET: 'x'.repeat(40),
        APP_URL: 'https://app.example.com',
        CIMD_ALLOW_LOOPBACK: '1',
        PORT: '0',
        DATA_DIR: dataDir,
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'CIMD_ALLOW_LOOPBACK=1 is a development switch and is refused with DATABASE_URL set; set CIMD_ALLOW_LOOPBACK_WITH_DATABASE=1 as well',
    );
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stdout).toBe('');
  });

  it('serve on DATABASE_URL without a session secret nor APP_URL names both settings at once', async () => {
    const dataDir = freshDir('refuse-without-secret-and-app-url');
    const result = await runCli(['serve'], {
      cwd: workDir,
      env: { DATABASE_URL: 'postgres://filing:hunter2@127.0.0.1:9/filing', PORT: '0', DATA_DIR: dataDir },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'SESSION_JWT_SECRET or SESSION_JWKS_URL must be set when DATABASE_URL is set',
    );
    expect(result.stderr).toContain('APP_URL must be set when the companion pages are off');
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stderr).not.toContain('hunter2');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('session-token with only SESSION_JWKS_URL refuses: it cannot sign', async () => {
    const result = await runCli(['session-token', '--user', 'u'], {
      cwd: workDir,
      env: {
        DATABASE_URL: 'postgres://127.0.0.1:9/x',
        SESSION_JWKS_URL: 'https://idp.example.com/jwks.json',
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('session-token signs HS256 tokens and needs SESSION_JWT_SECRET');
    expect(result.stdout).toBe('');
  });
});

describe('filing-mcp api-key on the embedded database (PGlite only: the embedded database is PGlite)', () => {
  it('creates a key (alone on stdout), lists it without the key or its hash, revokes it', async () => {
    const dataDir = freshDir('api-keys');
    const env = { DATA_DIR: dataDir };

    const created = await runCli(
      ['api-key', 'create', '--user', 'alice', '--expires-in', '30d', '--name', 'laptop'],
      {
        cwd: workDir,
        env,
      },
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^nf_[0-9a-f]{64}\n$/);
    const key = created.stdout.trim();
    const keyHash = createHash('sha256').update(key).digest('hex');
    expect(created.stderr).toContain(`Created API key ${key.slice(0, 11)}...`);
    expect(created.stderr).not.toContain(key);

    const second = await runCli(['api-key', 'create', '--user', 'alice', '--scope', 'filings:read'], {
      cwd: workDir,
      env,
    });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('scope filings:read');
    // No --expires-in: 90 days, as the API keys page's default; `never` opts out.
    expect(second.stderr).toMatch(/, expires \d{4}-\d\d-\d\dT/);
    const secondKey = second.stdout.trim();
    const third = await runCli(
      ['api-key', 'create', '--user', 'alice', '--expires-in', 'never', '--name', 'ci'],
      {
        cwd: workDir,
        env,
      },
    );
    expect(third.code).toBe(0);
    expect(third.stderr).toContain('never expires');

    const table = await runCli(['api-key', 'list', '--user', 'alice'], { cwd: workDir, env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+PREFIX\s+NAME\s+SCOPE\s+CREATED\s+LAST USED\s+EXPIRES\n/);
    expect(table.stdout).toContain(`${key.slice(0, 11)}...`);
    expect(table.stdout).toContain('laptop');
    for (const secret of [key, keyHash, secondKey]) {
      expect(table.stdout + table.stderr).not.toContain(secret);
    }

    const listed = await runCli(['api-key', 'list', '--user', 'alice', '--json'], { cwd: workDir, env });
    const keys = JSON.parse(listed.stdout) as Array<Record<string, string | null>>;
    expect(keys).toHaveLength(3);
    const laptop = keys.find((entry) => entry.name === 'laptop')!;
    expect(laptop).toMatchObject({ prefix: key.slice(0, 11), lastUsedAt: null, scope: 'mcp' });
    expect(keys.find((entry) => entry.name === null)).toMatchObject({ scope: 'filings:read' });
    expect(Object.keys(laptop).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'id',
      'lastUsedAt',
      'name',
      'prefix',
      'scope',
    ]);
    const lifetimeDays = (Date.parse(laptop.expiresAt!) - Date.parse(laptop.createdAt!)) / 86_400_000;
    expect(lifetimeDays).toBeCloseTo(30, 2);
    const unnamed = keys.find((entry) => entry.name === null)!;
    expect((Date.parse(unnamed.expiresAt!) - Date.parse(unnamed.createdAt!)) / 86_400_000).toBeCloseTo(90, 2);
    expect(keys.find((entry) => entry.name === 'ci')?.expiresAt).toBeNull();

    const otherUser = await runCli(['api-key', 'list', '--user', 'bob'], { cwd: workDir, env });
    expect(otherUser).toMatchObject({ code: 0, stdout: '' });
    expect(otherUser.stderr).toContain('No API keys for user bob.');

    const wrongOwner = await runCli(['api-key', 'revoke', laptop.id!, '--user', 'bob'], {
      cwd: workDir,
      env,
    });
    expect(wrongOwner.code).toBe(1);
    expect(wrongOwner.stderr).toContain(`No API key with id ${laptop.id} for user bob.`);

    const revoked = await runCli(['api-key', 'revoke', laptop.id!], { cwd: workDir, env });
    expect(revoked).toMatchObject({ code: 0, stdout: '' });
    expect(revoked.stderr).toContain(`Revoked API key ${laptop.id}.`);

    const again = await runCli(['api-key', 'revoke', laptop.id!], { cwd: workDir, env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No API key with id ${laptop.id}.`);

    const unknown = await runCli(['api-key', 'revoke', 'not-a-uuid'], { cwd: workDir, env });
    expect(unknown.code).toBe(1);

    // What the database holds afterwards: the other keys' hashes, never a plaintext key.
    const pglite = await PGlite.create(join(dataDir, 'pgdata'));
    try {
      const rows = await pglite.query<Record<string, unknown>>('select * from api_keys order by created_at');
      expect(rows.rows).toHaveLength(2);
      expect(rows.rows[0]).toMatchObject({
        user_id: 'alice',
        key_hash: createHash('sha256').update(secondKey).digest('hex'),
      });
      expect(JSON.stringify(rows.rows)).not.toContain(secondKey);
    } finally {
      await pglite.close();
    }
    // Each command starts PGlite on the data directory: seconds apiece on a loaded machine.
  }, 600_000);

  it('migrate brings a fresh data directory up to date and names what it applied; a second run applies nothing', async () => {
    const dataDir = freshDir('migrate');
    const result = await runCli(['migrate'], { cwd: workDir, env: { DATA_DIR: dataDir } });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    const { FILING_MIGRATION_NAMES } = await import('@filing-mcp/filing-domain');
    const { OAUTH_MIGRATION_NAMES } = await import('@filing-mcp/oauth-core/kysely');
    const names = [
      ...OAUTH_MIGRATION_NAMES.map((name) => `oauth ${name}`),
      ...FILING_MIGRATION_NAMES.map((name) => `filing ${name}`),
    ];
    expect(result.stderr).toBe(
      `Applied ${names.length} migrations:\n${names.map((name) => `  ${name}\n`).join('')}`,
    );
    expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    const again = await runCli(['migrate'], { cwd: workDir, env: { DATA_DIR: dataDir } });
    expect(again).toMatchObject({
      code: 0,
      stdout: '',
      stderr: 'Database is up to date: no migration to apply.\n',
    });
  }, 300_000);
});

describe('filing-mcp session-token', () => {
  it('signs with the development secret it keeps in the data directory (mode 0600)', async () => {
    const dataDir = freshDir('session-dev');
    const first = await runCli(['session-token', '--user', 'alice'], {
      cwd: workDir,
      env: { DATA_DIR: dataDir },
    });
    expect(first.code).toBe(0);
    const secretPath = join(dataDir, 'session-secret');
    expect(statSync(secretPath).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretPath, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(first.stdout + first.stderr).not.toContain(secret);

    const { payload, protectedHeader } = await jwtVerify(
      first.stdout.trim(),
      new TextEncoder().encode(secret),
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.sub).toBe('alice');
    expect(payload.exp! - payload.iat!).toBe(3600);

    // Generated once: a second run signs with the same secret.
    const second = await runCli(['session-token', '--user', 'bob', '--expires-in', '90m'], {
      cwd: workDir,
      env: { DATA_DIR: dataDir },
    });
    expect(readFileSync(secretPath, 'utf8').trim()).toBe(secret);
    const verified = await jwtVerify(second.stdout.trim(), new TextEncoder().encode(secret));
    expect(verified.payload.sub).toBe('bob');
    expect(verified.payload.exp! - verified.payload.iat!).toBe(5400);
  });

  it('signs with SESSION_JWT_SECRET and the configured issuer and audience', async () => {
    const secret = 'a-production-secret-of-at-least-32-characters';
    const result = await runCli(['session-token', '--user', 'carol', '--expires-in', '12h'], {
      cwd: workDir,
      env: {
        DATABASE_URL: 'postgres://127.0.0.1:9/unused',
        SESSION_JWT_SECRET: secret,
        SESSION_JWT_ISSUER: 'https://app.example.com',
        SESSION_JWT_AUDIENCE: 'filing-mcp',
      },
    });
    expect(result.code).toBe(0);
    const token = result.stdout.trim();
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer: 'https://app.example.com',
      audience: 'filing-mcp',
    });
    expect(payload.sub).toBe('carol');
    expect(decodeJwt(token).exp! - decodeJwt(token).iat!).toBe(12 * 3600);
  });
});
