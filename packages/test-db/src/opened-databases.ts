/** The kinds of database a test file can open. */
export type DatabaseKind = 'pglite' | 'postgres';

const REGISTRY = Symbol.for('@filing-mcp/test-db: database kinds opened by this test file');

/**
 * The kinds of database opened in this process since the last {@link resetOpenedDatabases}: the
 * test-db creators record each open here (on `globalThis`, so that every copy of this module, the
 * built one and the sources, shares it).
 */
export function openedDatabases(): Set<DatabaseKind> {
  const global = globalThis as { [REGISTRY]?: Set<DatabaseKind> };
  global[REGISTRY] ??= new Set();
  return global[REGISTRY];
}

/** Records that a database of this kind was opened. */
export function recordOpenedDatabase(kind: DatabaseKind): void {
  openedDatabases().add(kind);
}

/** Forgets what was opened (the database-coverage setup calls it before each test file). */
export function resetOpenedDatabases(): void {
  openedDatabases().clear();
}
