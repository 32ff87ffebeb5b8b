export { PGliteDialect, type PGliteDialectConfig } from './pglite-dialect.js';
