// What reaches the IRS is the part to file the user confirmed, and nothing else (IRS_RULES.packetParts):
// against the Telnyx stand-in over real sockets, for a late return with its reasonable-cause
// statement and a Form 7004 asked for, the fax's media is the part to file (read back with
// pdftotext); `confirm` names the copy; a sealed confirmation sends one fax of one copy for one
// action; an upload link takes one copy and lives 24 hours; a copy of an earlier version is refused.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWithStroke } from '../../../irs-forms/test/support/signed-copy-fixtures.js';
import { type FaxHarness, type FaxPacket, startFaxWithUser } from '../support/fax-harness.js';
import { replyBody } from '../support/helpers.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every page's text, by poppler's pdftotext. */
function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'fax-media-'));
  try {
    writeFileSync(join(dir, 'media.pdf'), pdf);
    return execFileSync('pdftotext', [join(dir, 'media.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// A fiscal year ending 2026-11-30 (due 2027-03-15): the Form 7004 asked for is in the packet, as the
// owner's part, and the reasonable-cause statement asked for is in the part to file. (A return
// already late cannot ask for a Form 7004: check_filing answers not ready, and nothing is faxed.)
const LATE_FILING = {
  ...EXAMPLE_SINGLE_MEMBER_FILING,
  taxYearBegin: '2025-12-01',
  taxYearEnd: '2026-11-30',
  signatureDate: '2026-12-01',
  generateForm7004: true,
  generateLateFilingLetter: true,
};

describe.each(testDatabases())('the fax is the part to file the user confirmed, on $name', (variant) => {
  let h: FaxHarness;
  let key: string;
  let packet: FaxPacket;

  beforeAll(async () => {
    ({ h, key } = await startFaxWithUser(variant));
    packet = await h.packet(LATE_FILING);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function upload(url: string, pdf: Uint8Array = packet.signed): Promise<Response> {
    return fetch(url, { method: 'POST', body: pdf as Uint8Array<ArrayBuffer> });
  }
  /** A late filing with its part to file uploaded: the filing's id and the copy's. */
  async function signedFiling(): Promise<{ id: string; copyId: string }> {
    const { id } = await h.ok(key, 'create_filing', { form_data: LATE_FILING });
    const { upload_url } = await h.ok(key, 'get_pdf_url', { id });
    const response = await upload(upload_url);
    expect(response.status).toBe(201);
    return { id, copyId: ((await response.json()) as any).signed_copy.id };
  }
  const copiesOf = async (id: string) =>
    h.db.selectFrom('signed_copies').select('id').where('filing_id', '=', id).execute();

  it('the download separates the parts; the fax carries the part to file only, and the summary lists its pages', async () => {
    const { id } = await h.ok(key, 'create_filing', { form_data: LATE_FILING });
    expect((await h.ok(key, 'check_filing', { id })).ready).toBe(true);
    const links = await h.ok(key, 'get_pdf_url', { id });
    const toFile = await fetch(links.download_to_file_url);
    expect(toFile.status).toBe(200);
    expect(toFile.headers.get('content-disposition')).toContain('-to-file.pdf');
    const toFileBytes = new Uint8Array(await toFile.arrayBuffer());
    expect(sha256(toFileBytes)).toBe(sha256(packet.pdf));
    const forOwner = pdfText(
      new Uint8Array(await (await fetch(`${links.download_url}&part=owner`)).arrayBuffer()),
    );
    expect(forOwner).toContain('do not send this page');
    expect(forOwner).toContain('Application for Automatic Extension');
    // The download URL without `part` (as 1.1.0 handed it out) still answers the whole packet, the owner's part first.
    const whole = pdfText(new Uint8Array(await (await fetch(links.download_url)).arrayBuffer()));
    expect(whole.indexOf('do not send this page')).toBeLessThan(whole.indexOf('Foreign-owned U.S. DE'));
    expect((await fetch(`${links.download_url}&part=all`)).status).toBe(400);

    // The part to file downloaded, signed (a pen stroke), is what is uploaded.
    expect((await upload(links.upload_url, await signWithStroke(toFileBytes))).status).toBe(201);
    const asked = await h.ok(key, 'send_fax', { id });
    const copy = (await h.ok(key, 'get_filing', { id })).submissions.signed_copies[0];
    expect(asked.outcome).toBe('confirm');
    expect(asked.summary).toMatchObject({
      signed_copy_id: copy.id,
      signed_copy_sha256: copy.sha256,
      pages: packet.pages,
      filing_version: copy.filing_version,
      current_filing_version: copy.filing_version,
    });
    expect(asked.summary.contents.map((part: any) => part.form)).toEqual([
      'Form 1120 (pro forma)',
      'Form 5472 (Maria Garcia)',
      'Form 5472 Part V statement (Maria Garcia)',
      'Form 5472 (Garcia Consulting SL)',
      'Reasonable-cause statement',
    ]);
    const last = asked.summary.contents.at(-1);
    expect(last.first_page + last.pages - 1).toBe(packet.pages);
    expect(asked.message).toContain('Form 1120 (pro forma), pages 1-6; Form 5472 (Maria Garcia), pages 7-9');

    const before = h.telnyx.faxes.length;
    expect((await h.ok(key, 'send_fax', { id, confirm: copy.id })).outcome).toBe('sent');
    expect(h.telnyx.faxes.length).toBe(before + 1);
    const media = h.telnyx.faxes.at(-1)!.media;
    expect(sha256(media)).toBe(copy.sha256);
    const text = pdfText(media);
    expect(text).not.toMatch(/do not send this page/i);
    expect(text).not.toContain('Read first');
    expect(text).not.toContain('Application for Automatic Extension');
    // Every Form 5472 (one per related party, each with its related party's name on line 8a),
    // its Part V statement, and the reasonable-cause statement with the filing's facts.
    const flat = text.replace(/\s+/g, ' ');
    const pages = text.split('\f').map((page) => page.replace(/\s+/g, ' '));
    const starts = pages.flatMap((page, index) =>
      /^ ?Form 5472 \(Rev\. December 2023\) Information Return/.test(page) ? [index] : [],
    );
    const parties = LATE_FILING.relatedParties.map((party) => party.name);
    expect(starts).toHaveLength(parties.length);
    // Each form's three pages name its related party (Part III, line 8a).
    parties.forEach((name, index) => {
      expect(pages.slice(starts[index], starts[index]! + 3).join(' ')).toContain(name);
    });
    expect(asked.summary.contents.filter((part: any) => /^Form 5472 \(/.test(part.form))).toHaveLength(
      LATE_FILING.relatedParties.length,
    );
    expect(flat).toContain('Form 5472, Part V');
    expect(flat).toContain('Request for penalty relief for reasonable cause');
    expect(flat).toContain(String(LATE_FILING.lateFilingReason));
  });

  it('an overdue return: its Form 7004 extends nothing and nothing is faxed; without it the fax carries the statement', async () => {
    // The example's tax year 2025 was due 2026-04-15: overdue today, its statement asked for.
    const overdue = {
      ...EXAMPLE_SINGLE_MEMBER_FILING,
      generateForm7004: true,
      generateLateFilingLetter: true,
    };
    const { id } = await h.ok(key, 'create_filing', { form_data: overdue });
    const check = await h.ok(key, 'check_filing', { id });
    expect(check).toMatchObject({ overdue: true, ready: false, late_filing: { statement_included: true } });
    expect(JSON.stringify(check.invalid)).toContain('7004');
    const before = h.telnyx.faxes.length;
    const refused = await h.call(key, 'send_fax', { id, confirm: true });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('The filing is not ready');
    expect(h.telnyx.faxes.length).toBe(before);

    await h.ok(key, 'update_filing', { id, form_data: { generateForm7004: false } });
    const late = await h.packet({ ...overdue, generateForm7004: false });
    const { upload_url } = await h.ok(key, 'get_pdf_url', { id });
    expect((await upload(upload_url, late.signed)).status).toBe(201);
    const asked = await h.ok(key, 'send_fax', { id });
    expect(asked.summary.contents.at(-1)).toMatchObject({ form: 'Reasonable-cause statement' });
    expect((await h.ok(key, 'send_fax', { id, confirm: asked.summary.signed_copy_id })).outcome).toBe('sent');
    const text = pdfText(h.telnyx.faxes.at(-1)!.media).replace(/\s+/g, ' ');
    expect(text).not.toMatch(/do not send this page/i);
    expect(text).not.toContain('Application for Automatic Extension');
    expect(text).toContain('Request for penalty relief for reasonable cause');
    expect(text).toContain(String(overdue.lateFilingReason));
  });

  it('the whole packet is refused as the signed copy: the part to file is what is signed', async () => {
    const { id } = await h.ok(key, 'create_filing', { form_data: LATE_FILING });
    const links = await h.ok(key, 'get_pdf_url', { id });
    const whole = new Uint8Array(await (await fetch(links.download_url)).arrayBuffer());
    const refused = await upload(links.upload_url, whole);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as any).message).toContain(`the part to file has ${packet.pages}`);
    expect(await copiesOf(id)).toEqual([]);
  });

  it('confirm carries the copy’s id: true, or another copy’s id, is refused and sends nothing', async () => {
    const { id, copyId: first } = await signedFiling();
    const { upload_url } = await h.ok(key, 'get_pdf_url', { id });
    const second = ((await (await upload(upload_url)).json()) as any).signed_copy.id as string;
    expect(second).not.toBe(first);
    const before = h.telnyx.faxes.length;
    const old = await h.call(key, 'send_fax', { id, confirm: first });
    expect(old.isError).toBe(true);
    expect(old.text).toContain(`confirm names signed copy ${first}, but the copy to fax is ${second}`);
    const bare = await h.call(key, 'send_fax', { id, confirm: true });
    expect(bare.isError).toBe(true);
    expect(bare.text).toContain(`call again with confirm: "${second}"`);
    expect(h.telnyx.faxes.length).toBe(before);
    expect(await h.db.selectFrom('fax_logs').select('id').where('filing_id', '=', id).execute()).toEqual([]);
    expect((await h.ok(key, 'send_fax', { id, confirm: second })).outcome).toBe('sent');
  });

  it('an upload link takes one copy (409, nothing stored); it lives 24 hours', async () => {
    const { id } = await h.ok(key, 'create_filing', { form_data: LATE_FILING });
    const { upload_url } = await h.ok(key, 'get_pdf_url', { id });
    const expires = Number(new URL(upload_url).searchParams.get('exp')) * 1000 - Date.now();
    expect(expires).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(24 * 3600_000);
    h.advance(23 * 3600_000);
    try {
      expect((await upload(upload_url)).status).toBe(201);
      const again = await upload(upload_url);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({
        code: 409,
        message: expect.stringContaining('call get_pdf_url for a new upload_url'),
      });
      expect(await copiesOf(id)).toHaveLength(1);
      const { upload_url: next } = await h.ok(key, 'get_pdf_url', { id });
      h.advance(2 * 3600_000);
      // The first link is past its 24 hours; the new one is not.
      expect((await upload(upload_url)).status).toBe(403);
      expect((await upload(next)).status).toBe(201);
    } finally {
      h.advance(-25 * 3600_000);
    }
  });

  it('after update_filing the copy signed before is not faxed: a new signed copy is needed', async () => {
    const { id, copyId } = await signedFiling();
    await h.ok(key, 'update_filing', { id, form_data: { llcName: 'Acme Renamed LLC' } });
    const before = h.telnyx.faxes.length;
    for (const args of [{ id }, { id, confirm: copyId }]) {
      const refused = await h.call(key, 'send_fax', args);
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(
        new RegExp(
          `the newest signed copy \\(${copyId}, .*\\) is of filing version .*, and the filing is now version `,
        ),
      );
      expect(refused.text).toContain('A new signed copy of the current version is needed');
    }
    expect(h.telnyx.faxes.length).toBe(before);
  });

  describe('the sealed confirmation of the elicitation flow (MCP 2026-07-28)', () => {
    let rpcId = 1;
    /** tools/call send_fax on the 2026-07-28 wire, from a client that declares form elicitation. */
    async function call2026(params: Record<string, unknown>): Promise<any> {
      const response = await fetch(h.baseUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'send_fax',
          authorization: `Bearer ${key}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: rpcId++,
          method: 'tools/call',
          params: {
            name: 'send_fax',
            ...params,
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
              'io.modelcontextprotocol/clientInfo': { name: 'seal-test', version: '1.0.0' },
            },
          },
        }),
      });
      const body = await replyBody(response);
      expect(body.error).toBeUndefined();
      return body.result;
    }
    const accept = { fax_confirmation: { action: 'accept', content: { confirm: true } } };

    it('sends one fax of that copy for that action; a replayed seal is refused; resend asks again', async () => {
      const { id } = await signedFiling();
      const before = h.telnyx.faxes.length;
      const asked = await call2026({ arguments: { id } });
      expect(asked.resultType).toBe('input_required');
      expect(asked.inputRequests.fax_confirmation.params.message).toContain(
        'Reasonable-cause statement, page 14',
      );
      const seal = asked.requestState;
      const sent = await call2026({ arguments: { id }, inputResponses: accept, requestState: seal });
      expect(sent.structuredContent.outcome).toBe('sent');
      expect(h.telnyx.faxes.length).toBe(before + 1);

      // The same seal again: nothing is sent.
      const replayed = await call2026({ arguments: { id }, inputResponses: accept, requestState: seal });
      expect(replayed.structuredContent.outcome).toBe('already_sent');
      // The seal of the first fax, presented for a resend: the user is asked again.
      const resendAsked = await call2026({
        arguments: { id, resend: true },
        inputResponses: accept,
        requestState: seal,
      });
      expect(resendAsked.resultType).toBe('input_required');
      expect(resendAsked.inputRequests.fax_confirmation.params.message).toMatch(/^Fax again /);
      expect(h.telnyx.faxes.length).toBe(before + 1);

      const resendSeal = resendAsked.requestState;
      const resent = await call2026({
        arguments: { id, resend: true },
        inputResponses: accept,
        requestState: resendSeal,
      });
      expect(resent.structuredContent.outcome).toBe('sent');
      expect(h.telnyx.faxes.length).toBe(before + 2);
      // The resend's seal replayed: refused, nothing sent.
      const replayedResend = await call2026({
        arguments: { id, resend: true },
        inputResponses: accept,
        requestState: resendSeal,
      });
      expect(replayedResend.isError).toBe(true);
      expect(replayedResend.content[0].text).toContain('this confirmation was used already');
      expect(h.telnyx.faxes.length).toBe(before + 2);
      expect(
        await h.db.selectFrom('fax_logs').select('id').where('filing_id', '=', id).execute(),
      ).toHaveLength(2);
    });

    it('a seal of another copy asks again', async () => {
      const { id } = await signedFiling();
      const asked = await call2026({ arguments: { id } });
      const { upload_url } = await h.ok(key, 'get_pdf_url', { id });
      expect((await upload(upload_url)).status).toBe(201);
      const before = h.telnyx.faxes.length;
      const again = await call2026({
        arguments: { id },
        inputResponses: accept,
        requestState: asked.requestState,
      });
      expect(again.resultType).toBe('input_required');
      expect(h.telnyx.faxes.length).toBe(before);
    });
  });
});
