import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Manifest {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const root = fileURLToPath(new URL('../', import.meta.url));
const read = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8'));

describe('the package manifest of @filing-mcp/node-http', () => {
  it('declares every peer its dependencies load (hono, for @hono/node-server): it installs without auto-install-peers', () => {
    const own = read(`${root}package.json`);
    const declared = { ...own.dependencies, ...own.peerDependencies };
    const missing: string[] = [];
    for (const dependency of Object.keys(own.dependencies ?? {})) {
      const manifest = read(`${root}node_modules/${dependency}/package.json`);
      for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
        if (manifest.peerDependenciesMeta?.[peer]?.optional) continue;
        if (!(peer in declared)) missing.push(`${peer} (a peer of ${dependency})`);
      }
    }
    expect(missing).toEqual([]);
    expect(own.dependencies?.hono).toBe('catalog:');
  });
});
