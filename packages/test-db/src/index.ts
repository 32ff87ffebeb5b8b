export {
  createPGliteDb,
  createPostgresDb,
  testDatabases,
  type DatabaseVariant,
  type PostgresTestDatabase,
  type TestDatabase,
} from './databases.js';
export { startPostgresServer, type PostgresServer } from './postgres-server.js';
export { type DatabaseKind, openedDatabases } from './opened-databases.js';
