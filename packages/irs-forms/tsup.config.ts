import { defineConfig } from 'tsup';

export default defineConfig({
  // The data (editions, plans, readiness rules) loads without pdf-lib; `./pdf` is the packet
  // builder, imported only when a packet is built; `./kinds` the enumerations tool schemas need.
  entry: { index: 'src/index.ts', pdf: 'src/pdf.ts', kinds: 'src/kinds.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['pdf-lib'],
});
