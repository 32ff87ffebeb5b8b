import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// The irs-forms test fixture that signs a packet as a person does (a pen stroke in the 1120's
// signature box, by the words pdftotext finds), bundled into this package's build.
import { signWithStroke } from '../../../irs-forms/test/support/signed-copy-fixtures.js';
import { singleMemberForm } from '../support/forms.js';
import { callToolOk, newUser } from '../support/mcp.js';
import type { Scenarios } from '../support/scenario-context.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The signed copy over the target's transport: the part to file downloaded from get_pdf_url's
 * `download_to_file_url` (binary out), signed, and posted to its `upload_url` as
 * `application/pdf` (binary in: a Lambda event carries it base64). A body the adapter re-encoded
 * as text would not be the PDF any more. Registered on the target's first database only: the
 * transport is what is proven here; the checks and the store are tested on both databases in
 * filing-domain (signed-copy.test.ts, fax-binding.test.ts). A target that builds no packets skips.
 */
export const signedCopyUploadScenarios: Scenarios = (context) => {
  if (!context.firstDatabase) return;
  describe('the signed-copy upload (binary body preserved)', () => {
    const upload = (url: string, pdf: Uint8Array) =>
      context.target.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: pdf as Uint8Array<ArrayBuffer>,
      });
    const stored = (filingId: string) =>
      context.target.db
        .selectFrom('signed_copies')
        .select(['id', 'sha256', 'pages', 'pdf'])
        .where('filing_id', '=', filingId)
        .execute();

    /**
     * A new filing of a new user, its links and the part to file as the target serves it; a target
     * without a packet builder (the core alone) builds no packets to sign, and skips.
     */
    async function filingToSign(test: { skip(note?: string): void }) {
      if (!context.target.packetResources) test.skip('this target builds no packets');
      const { apiKey } = await newUser(context.target);
      const { id } = await callToolOk(context.target, apiKey, 'create_filing', {
        form_data: singleMemberForm(),
      });
      const links = await callToolOk(context.target, apiKey, 'get_pdf_url', { id });
      const response = await context.target.fetch(links.download_to_file_url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/pdf/);
      const pdf = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
      return { id, uploadUrl: links.upload_url as string, pdf };
    }

    it('the unsigned part to file, uploaded byte for byte, is refused 422 unsigned and nothing is kept', async (test) => {
      const { id, uploadUrl, pdf } = await filingToSign(test);
      const response = await upload(uploadUrl, pdf);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        error: 'unsigned',
        message: expect.stringContaining('The copy is not signed'),
      });
      expect(await stored(id)).toEqual([]);
    });

    it('the part to file signed is kept (201) with its SHA-256; a second upload on the link is refused 409', async (test) => {
      const { id, uploadUrl, pdf } = await filingToSign(test);
      const signed = await signWithStroke(pdf);
      const response = await upload(uploadUrl, signed);
      expect(response.status).toBe(201);
      const body: any = await response.json();
      const rows = await stored(id);
      expect(rows.map(({ id, sha256, pages }) => ({ id, sha256, pages }))).toEqual([
        { id: body.signed_copy.id, sha256: body.signed_copy.sha256, pages: body.packet_pages },
      ]);
      // What is kept (rebuilt from the pages) has the SHA-256 the answer names.
      expect(sha256(new Uint8Array(rows[0]!.pdf))).toBe(body.signed_copy.sha256);
      expect(body.signed_copy.pages).toBe(body.packet_pages);
      expect(body.notes).toEqual([]);
      const again = await upload(uploadUrl, signed);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({
        message: expect.stringContaining('call get_pdf_url for a new upload_url'),
      });
      expect(await stored(id)).toHaveLength(1);
    });
  });
};
