import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type NodeSettings, nodeSettingsFromEnv } from '../src/settings.js';

// The Node adapter's defaults live in one object of its own (src/node-defaults.ts); the
// configuration page (generated from filing-domain's table of variables) shows them, and must
// show the values the code applies.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const configuration = readFileSync(`${root}docs/configuration.md`, 'utf8');

/** The Default cell of a variable's row on docs/configuration.md. */
function documentedDefault(name: string): string {
  const row = configuration.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
  if (row === undefined) throw new Error(`${name} has no row on docs/configuration.md`);
  return row.split(' | ')[1]!;
}

const DOCUMENTED: Array<[string, keyof NodeSettings]> = [
  ['HOST', 'host'],
  ['PORT', 'port'],
  ['DATA_DIR', 'dataDir'],
  ['PG_POOL_MAX', 'poolMax'],
  ['COMPANION', 'companion'],
  ['COMPANION_SIGN_IN', 'companionSignIn'],
  ['LOCAL_USER_ID', 'localUserId'],
  ['LOG_LEVEL', 'logLevel'],
  ['LOG_FORMAT', 'logFormat'],
  ['SHUTDOWN_TIMEOUT_MS', 'shutdownTimeoutMs'],
  ['OAUTH_CLEANUP_INTERVAL_MS', 'cleanupIntervalMs'],
  ['READINESS_TIMEOUT_MS', 'readinessTimeoutMs'],
  ['PACKET_WORKER_MAX_MEMORY_MB', 'packetWorkerMaxMemoryMb'],
];

describe("the Node adapter's defaults", () => {
  const defaults = nodeSettingsFromEnv({});

  it.each(DOCUMENTED)('%s: docs/configuration.md shows the default the settings apply', (name, field) => {
    expect(documentedDefault(name).startsWith(`\`${String(defaults[field])}\``)).toBe(true);
  });

  it('are the defaults of an empty environment: the embedded database, no revocation listener', () => {
    expect(defaults.databaseUrl).toBeUndefined();
    expect(defaults.revocationListenUrl).toBeUndefined();
  });
});
