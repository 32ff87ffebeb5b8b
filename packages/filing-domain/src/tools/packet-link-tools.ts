import {
  defineTool,
  type ResourceLink,
  type ToolDefinition,
  type ToolResult,
  toolResult,
} from '@filing-mcp/protocol';
import * as z from 'zod';
import { once } from '../once.js';
import type { PacketLinks } from '../resources/packet-links.js';
import { packetUri } from '../resources/packet-uris.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { findAnyFiling } from '../storage/find-any-filing.js';
import type { FilingToolFactory, OpenFilingToolsOptions } from './tool-options.js';
import { filingId, kindArgument, readOnly } from './tool-schemas.js';
import { kindPdfUrl } from './view-urls.js';
import { FILING_KIND_LIST, kindRecord, type FilingKind, isFilingKind } from '../kinds/filing-kinds.js';

/** get_pdf_url's structuredContent: the spec's `{ url, kind }` and the signed download link. */
export const getPdfUrlOutputSchema = once(() =>
  z.object({
    url: z.string().describe('The filing’s PDF page in the companion app, for a signed-in browser.'),
    kind: z.enum(FILING_KIND_LIST),
    ready: z.boolean().optional().describe('check_filing’s ready; false: a draft PDF.'),
    missing_count: z.number().int().optional(),
    invalid_count: z.number().int().optional(),
    download_url: z
      .string()
      .optional()
      .describe('Signed link to the PDF itself: no session needed, valid 15 minutes, this filing only.'),
    download_expires_at: z.string().optional().describe('When download_url stops working, ISO 8601.'),
    download_to_file_url: z.string().optional().describe('The part to file alone: what is signed and sent.'),
    upload_url: z
      .string()
      .optional()
      .describe('Link to POST the signed part to file to (PDF, JPEG or PNG; 24 hours, one copy).'),
  }),
);

/** A `resource_link` content item to a filing's packet resource. */
export function packetResourceLink(kind: FilingKind, id: string, ready?: boolean): ResourceLink {
  return {
    type: 'resource_link',
    uri: packetUri(kind, id),
    name: kindRecord(kind).packet.name,
    title: kindRecord(kind).packet.linkTitle,
    ...(ready === false
      ? {
          description:
            'DRAFT: the filing is not ready (see check_filing); every page is marked DRAFT: NOT READY TO FILE (a partnership that lacks only a paid preparer’s work: its first page says what it lacks).',
        }
      : {}),
    mimeType: 'application/pdf',
  };
}

/**
 * A result whose text item is its structuredContent's JSON (for clients of MCP revisions before
 * 2025-06-18, which read no structuredContent) plus more items.
 */
function withItems(structured: Record<string, unknown>, ...items: ResourceLink[]): ToolResult {
  return toolResult({
    content: [{ type: 'text', text: JSON.stringify(structured) }, ...items],
    structuredContent: structured,
  });
}

/**
 * get_pdf_url's answer: `{ url, kind }` as the spec says, `download_url` (a signed link that
 * answers the PDF without a session) when the server signs links, and a `resource_link` item to
 * `filing://.../packet.pdf` when it serves the packets as resources. The text item is kept for
 * clients that read only text.
 */
export async function getPdfUrlResult(options: {
  kind: FilingKind;
  id: string;
  url: string;
  packetLinks: PacketLinks | undefined;
  packetResources: boolean;
  /** check_filing's verdict today, when the filing was read. */
  readiness?: { ready: boolean; missing_count: number; invalid_count: number };
}): Promise<Record<string, unknown> | ToolResult> {
  const { kind, id, url, packetLinks } = options;
  const structured: Record<string, unknown> = { url, kind, ...options.readiness };
  if (packetLinks !== undefined) {
    const signed = await packetLinks.sign(kind, id);
    structured.download_url = signed.url;
    structured.download_expires_at = new Date(signed.expiresAt).toISOString();
    structured.download_to_file_url = `${signed.url}&part=file`;
    structured.upload_url = (await packetLinks.sign(kind, id, 'upload')).url;
  }
  return options.packetResources
    ? withItems(structured, packetResourceLink(kind, id, options.readiness?.ready))
    : structured;
}

/**
 * Wraps check_filing so that a ready filing's answer also carries a `resource_link` to its packet
 * (when the server serves packets), its text item unchanged.
 */
export function withPacketLinkWhenReady(
  build: () => ToolDefinition<any, any>,
  packetResources: boolean,
): () => ToolDefinition<any, any> {
  if (!packetResources) return build;
  return () => {
    const tool = build();
    return {
      ...tool,
      handler: async (args: { id: string }, context) => {
        const answer = await tool.handler(args, context);
        const readiness = answer as { ready?: unknown; kind?: unknown };
        if (readiness.ready !== true || !isFilingKind(readiness.kind)) {
          return answer;
        }
        return withItems(answer as Record<string, unknown>, packetResourceLink(readiness.kind, args.id));
      },
    };
  };
}

/**
 * get_pdf_url: the companion app's PDF page of a filing of either kind, with the signed download
 * link and the packet resource when the server has them.
 */
export function pdfUrlTool(options: OpenFilingToolsOptions, repository: FilingRepository): FilingToolFactory {
  const { appUrl } = options;
  return () =>
    defineTool({
      name: 'get_pdf_url',
      title: 'Get the PDF link of a filing',
      description:
        'Answers { url, kind, ready, download_url, download_to_file_url, upload_url, ... }. ready false: a draft. url: the companion’s PDF page; download_url: the packet (signed, 15 min); download_to_file_url: only what is signed and sent; upload_url: POST the signed copy (24 h). Either kind (kind is corrected).',
      inputSchema: z.object({
        id: filingId().describe('UUID of the filing (single-member or partnership).'),
        kind: kindArgument()
          .optional()
          .describe('Expected kind, "5472" (default) or "partnership"; the server corrects it.'),
      }),
      outputSchema: getPdfUrlOutputSchema(),
      annotations: readOnly,
      handler: async (args, { auth }) => {
        const { kind, filing } = await findAnyFiling(repository, auth.userId, args.id, args.kind);
        const url = kindPdfUrl(kind, appUrl, args.id);
        // The same check as check_filing and the packet's draft mark (irs-forms loads on first use).
        const { checkFilingReadiness } = await options.irsForms();
        const report = checkFilingReadiness(kind, filing.form_data);
        return getPdfUrlResult({
          kind,
          id: args.id,
          url,
          packetLinks: options.packetLinks,
          packetResources: options.packetResources === true,
          readiness: {
            ready: report.ready,
            missing_count: report.missing.length,
            invalid_count: report.invalid.length,
          },
        });
      },
    });
}
