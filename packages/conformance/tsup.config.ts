import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'node',
  // Workspace packages, vitest and the real clients must stay shared module instances with the
  // adapter's test run, never bundled copies.
  skipNodeModulesBundle: true,
});
