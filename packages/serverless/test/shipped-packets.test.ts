import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWithStroke } from '../../irs-forms/test/support/signed-copy-fixtures.js';
import { createShippedPacketBuilder } from '../src/index.js';
import { copyIrsTemplates } from '../src/irs-templates.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'filing-mcp-templates-'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

const source = dirname(createRequire(import.meta.url).resolve('@filing-mcp/irs-forms/templates/f5472.pdf'));

describe('copyIrsTemplates and createShippedPacketBuilder', () => {
  it('copies every template of irs-forms, byte for byte, and nothing else', async () => {
    const target = join(directory, 'copied');
    const copied = await copyIrsTemplates(target);
    expect(copied).toEqual(['f1065.pdf', 'f1065sk1.pdf', 'f1120.pdf', 'f5472.pdf', 'f7004.pdf']);
    expect((await readdir(target)).sort()).toEqual(copied);
    for (const name of copied) {
      expect(readFileSync(join(target, name)).equals(readFileSync(join(source, name))), name).toBe(true);
    }
  });

  it('fails a packet naming the directory while it holds no templates, and builds once they are there', async () => {
    const target = join(directory, 'shipped');
    const packets = createShippedPacketBuilder(pathToFileURL(`${target}/`));
    await expect(packets.build('5472', EXAMPLE_SINGLE_MEMBER_FILING)).rejects.toThrow(
      `The IRS form templates were not shipped with this function: no f5472.pdf in ${target}/. ` +
        'Build the adapter with its build script, which copies them next to the bundle.',
    );
    // The failed start is not kept: the same builder finds the templates once they are copied.
    await copyIrsTemplates(target);
    const { pdf } = await packets.build('5472', EXAMPLE_SINGLE_MEMBER_FILING);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('checks a signed copy in process (Vercel and Lambda): a stroke is signed, the unsigned pages are refused', async () => {
    const target = join(directory, 'signed');
    await copyIrsTemplates(target);
    const packets = createShippedPacketBuilder(pathToFileURL(`${target}/`));
    const ready = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };
    const { pdf } = await packets.build('5472', ready);
    const checked = await packets.signedCopy({
      files: [{ bytes: await signWithStroke(pdf) }],
      expected: pdf,
    });
    expect(checked.findings).toEqual({ signature: 'signed', version: 'current', notes: [] });
    const refused = await packets
      .signedCopy({ files: [{ bytes: pdf }], expected: pdf })
      .catch((error) => error);
    expect(refused).toMatchObject({ name: 'SignedCopyError', code: 'unsigned' });
  });
});
