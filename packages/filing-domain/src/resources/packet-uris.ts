import { FILING_KIND_LIST, kindRecord, type FilingKind } from '../kinds/filing-kinds.js';

/**
 * The URI templates of the filing packets, one per kind, shaped like the companion's PDF links
 * (`{app_url}/filings/{id}/pdf`, `{app_url}/partnership/{id}/pdf`); `{id}` is the filing's UUID.
 */
export const PACKET_URI_TEMPLATES: Readonly<Record<FilingKind, string>> = Object.freeze(
  Object.fromEntries(FILING_KIND_LIST.map((kind) => [kind, kindRecord(kind).packet.uriTemplate])) as Record<
    FilingKind,
    string
  >,
);

/** The URI of a filing's packet resource, e.g. `filing://filings/<uuid>/packet.pdf`. */
export function packetUri(kind: FilingKind, id: string): string {
  return PACKET_URI_TEMPLATES[kind].replace('{id}', encodeURIComponent(id));
}
