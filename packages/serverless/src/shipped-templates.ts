import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PacketBuilder } from '@filing-mcp/irs-forms/pdf';

/** The template every packet needs; its presence marks a directory as holding the templates. */
const PROBE_TEMPLATE = 'f5472.pdf';

/** irs-forms' own templates, when its package can be resolved (a workspace or node_modules install). */
function packageTemplates(): URL | undefined {
  try {
    const file = createRequire(import.meta.url).resolve(`@filing-mcp/irs-forms/templates/${PROBE_TEMPLATE}`);
    return pathToFileURL(`${dirname(file)}/`);
  } catch {
    return undefined;
  }
}

async function holdsTemplates(directory: URL): Promise<boolean> {
  try {
    await access(new URL(PROBE_TEMPLATE, directory));
    return true;
  } catch {
    return false;
  }
}

/**
 * The directory the templates are read from: the one shipped beside the deployed code when the
 * adapter names one (and only that one, so a deployment that lacks its templates fails here rather
 * than finding a copy by chance), else irs-forms' own. Throws, naming where it looked, when the
 * directory holds no templates.
 * @internal
 */
export async function templateDirectory(shipped: URL | undefined): Promise<URL> {
  const directory = shipped ?? packageTemplates();
  if (directory && (await holdsTemplates(directory))) return directory;
  throw new Error(
    `The IRS form templates were not shipped with this function: no ${PROBE_TEMPLATE} in ${
      directory?.pathname ?? "@filing-mcp/irs-forms' templates/"
    }. Build the adapter with its build script, which copies them next to the bundle.`,
  );
}

/**
 * irs-forms' `PacketBuilder` reading the templates from {@link templateDirectory}: pdf-lib and the
 * builder load now, each template with the first packet that needs it.
 * @internal
 */
export async function openShippedPacketBuilder(templates: URL | undefined): Promise<PacketBuilder> {
  const [{ PacketBuilder }, directory] = await Promise.all([
    import('@filing-mcp/irs-forms/pdf'),
    templateDirectory(templates),
  ]);
  return new PacketBuilder({ loadTemplate: (name) => readFile(new URL(name, directory)) });
}
