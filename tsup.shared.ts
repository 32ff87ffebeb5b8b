import { defineConfig, type Options } from 'tsup';

/**
 * The build every workspace package shares: ES modules for ES2022 with declarations and source
 * maps, into a clean `dist`. A package's `tsup.config.ts` names its entries and its platform
 * (`neutral` for the runtime-agnostic ones), and anything particular to it.
 */
export function packageBuild(options: Options & Required<Pick<Options, 'entry' | 'platform'>>) {
  return defineConfig({
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    ...options,
  });
}
