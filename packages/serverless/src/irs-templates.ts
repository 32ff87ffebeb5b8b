import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Copies the official IRS form templates of `@filing-mcp/irs-forms` (`packages/irs-forms/templates/*.pdf`) into
 * `targetDirectory`, for a build script that ships them beside a serverless bundle: Vercel's
 * `dist/templates/` (named by `includeFiles` in vercel.json), Lambda's `dist/lambda/templates/`.
 * They stay files of their own, read on the first packet, rather than bytes inlined into the
 * JavaScript. Answers the copied file names.
 *
 * @example
 * ```ts
 * await copyIrsTemplates('dist/templates');
 * ```
 */
export async function copyIrsTemplates(targetDirectory: string): Promise<string[]> {
  const source = dirname(createRequire(import.meta.url).resolve('@filing-mcp/irs-forms/templates/f5472.pdf'));
  const names = (await readdir(source)).filter((name) => name.endsWith('.pdf')).sort();
  await mkdir(targetDirectory, { recursive: true });
  await Promise.all(names.map((name) => copyFile(join(source, name), join(targetDirectory, name))));
  return names;
}
