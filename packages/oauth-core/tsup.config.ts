import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    kysely: 'src/kysely/index.ts',
    node: 'src/node/index.ts',
  },
  format: ['esm'],
  // The ./node entry uses Node's types; the others compile without them (tsconfig.json, typecheck).
  dts: { compilerOptions: { types: ['node'] } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
});
