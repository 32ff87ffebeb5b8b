import { defineConfig } from 'tsup';

export default defineConfig({
  // Two entries: the data (editions, plans, readiness rules) loads without pdf-lib; `./pdf` is the
  // packet builder, imported only when a packet is built.
  entry: { index: 'src/index.ts', pdf: 'src/pdf.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['pdf-lib'],
});
