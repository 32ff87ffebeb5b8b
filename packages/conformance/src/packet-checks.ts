import { expect } from 'vitest';

/** The refusal a signed packet link with a wrong signature answers (403). */
export const INVALID_PACKET_LINK_BODY = {
  code: 403,
  message: 'Forbidden: this download link is not valid; call get_pdf_url for a new one',
};

/** A signed packet link (get_pdf_url's `download_url`) with one character of its signature changed. */
export function withChangedSignature(link: string): string {
  const url = new URL(link);
  const signature = url.searchParams.get('sig') ?? '';
  url.searchParams.set('sig', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
  return url.href;
}

/** Asserts that `bytes` are a PDF file: they start with `%PDF-`. */
export function expectPdf(bytes: Uint8Array): void {
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
}

/** Asserts that a `resources/read` answer of the packet resource `uri` holds the PDF as a blob. */
export function expectPacketResource(answer: { result?: { contents?: unknown[] } }, uri: string): void {
  const [content] = (answer.result?.contents ?? []) as Array<{ blob?: string }>;
  expect(content).toMatchObject({ uri, mimeType: 'application/pdf' });
  expectPdf(Buffer.from(content?.blob ?? '', 'base64'));
}
