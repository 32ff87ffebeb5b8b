import { base64url, fromBase64url, lazyOnce, secretKey } from '@filing-mcp/protocol/internal';
import { FILING_KIND_LIST, type FilingKind } from '../kinds/filing-kinds.js';

/** Longest life of a signed packet link: 15 minutes, long enough to fetch it, short enough to leak little. */
export const PACKET_LINK_MAX_TTL_SECONDS = 15 * 60;

/** Life of an upload link: 24 hours, long enough to print, sign and scan (a new one at any time; it takes one copy). */
export const UPLOAD_LINK_TTL_SECONDS = 24 * 60 * 60;

/** Where signed links live under `{base_url}`: `{base_url}/packets/{kind}/{id}.pdf`. */
export const PACKET_LINK_PATH_PREFIX = '/packets/';

/** Where signed upload links and fax media links live: `{base_url}/signed-copies/...`. */
export const SIGNED_COPY_PATH_PREFIX = '/signed-copies/';

/**
 * What a link is for: `download` (the packet), `upload` (sending the signed copy of that filing) or
 * `fax-media` (the fax provider fetching one signed copy, `id` being the copy's). The purpose is
 * signed, so a link for one can never be used as another.
 */
export type SignedLinkPurpose = 'download' | 'upload' | 'fax-media';

/** What a signed link grants: one kind, one filing (or signed copy) and one purpose. */
export interface PacketLinkGrant {
  kind: FilingKind;
  id: string;
  purpose: SignedLinkPurpose;
}

/** Why a link is refused: its signature (or shape) is wrong, or its life is over. */
export type PacketLinkRefusal = 'invalid' | 'expired';

/** Signs and verifies the download links of filing packets. */
export interface PacketLinks {
  /**
   * A link to the packet of filing `id` of `kind` (or, by `purpose`, its upload address or one signed
   * copy's fax media), valid for the signer's life from now.
   */
  sign(
    kind: FilingKind,
    id: string,
    purpose?: SignedLinkPurpose,
  ): Promise<{ url: string; expiresAt: number }>;
  /**
   * The grant of a request to `{base_url}{path}?{query}`: `path` is the part after the base path
   * (`/packets/5472/<id>.pdf`). Answers the refusal for a wrong or expired link.
   */
  verify(path: string, query: URLSearchParams): Promise<PacketLinkGrant | PacketLinkRefusal>;
}

/** Options of {@link createPacketLinks}. */
export interface PacketLinksOptions {
  /** `{base_url}`, without a trailing slash. */
  baseUrl: string;
  /**
   * The secret the key is derived from (HKDF-SHA-256, so a key derived from a secret used
   * elsewhere, such as the session secret, never equals it). At least 32 characters, the same on
   * every instance that may serve the link. Without it, a random key per instance: a link then
   * works only on the instance that made it.
   */
  secret?: string;
  /**
   * Life of a download or fax-media link in seconds, 1 to {@link PACKET_LINK_MAX_TTL_SECONDS} (the
   * default). An upload link lives {@link UPLOAD_LINK_TTL_SECONDS} whatever this is.
   */
  ttlSeconds?: number;
  /** The clock in Unix milliseconds (tests). */
  now?: () => number;
}

// The WebCrypto key type, named through `crypto.subtle` so the file compiles with DOM or Node types.
type HmacKey = Parameters<typeof crypto.subtle.sign>[1];

const utf8 = new TextEncoder();
const UUID_PATTERN = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
// Every kind of FILING_KINDS, as a path segment: `(5472|partnership)`.
const KIND_PATTERN = `(${FILING_KIND_LIST.join('|')})`;
const PATHS: Readonly<Record<SignedLinkPurpose, { prefix: string; suffix: string; pattern: RegExp }>> = {
  download: {
    prefix: PACKET_LINK_PATH_PREFIX,
    suffix: '.pdf',
    pattern: new RegExp(`^/packets/${KIND_PATTERN}/${UUID_PATTERN}\\.pdf$`),
  },
  upload: {
    prefix: `${SIGNED_COPY_PATH_PREFIX}upload/`,
    suffix: '',
    pattern: new RegExp(`^/signed-copies/upload/${KIND_PATTERN}/${UUID_PATTERN}$`),
  },
  'fax-media': {
    prefix: `${SIGNED_COPY_PATH_PREFIX}fax/`,
    suffix: '.pdf',
    pattern: new RegExp(`^/signed-copies/fax/${KIND_PATTERN}/${UUID_PATTERN}\\.pdf$`),
  },
};
const EXPIRY = /^[1-9]\d{0,11}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

// Everything a link grants is signed: a link for one filing or kind cannot be turned into another's.
function signedData(
  purpose: SignedLinkPurpose,
  kind: FilingKind,
  id: string,
  expires: number,
  nonce: string | null,
): Uint8Array<ArrayBuffer> {
  // A download link's signed data is the one 1.1.0 signed (`filing-mcp-packet-link-v1`), so links
  // already handed out keep working.
  const label = purpose === 'download' ? 'packet' : purpose;
  const data = `filing-mcp-${label}-link-v1\n${kind}\n${id.toLowerCase()}\n${expires}`;
  // An upload link carries a random nonce (`n`): each one is new, and takes one copy.
  return utf8.encode(nonce === null ? data : `${data}\n${nonce}`);
}

const NONCE = /^[A-Za-z0-9_-]{22}$/;

/**
 * Signed, short-lived download links of filing packets: `{base_url}/packets/{kind}/{id}.pdf?exp=
 * <unix seconds>&sig=<HMAC-SHA-256, base64url>`. The signature covers the kind, the filing id and
 * the expiry, so a link opens that one packet until it expires and nothing else. WebCrypto only:
 * the same code signs and verifies on Node, Vercel and Lambda.
 *
 * @example
 * ```ts
 * const links = createPacketLinks({ baseUrl, secret: config.packetLinkSecret });
 * const { url } = await links.sign('5472', id);
 * ```
 */
export function createPacketLinks(options: PacketLinksOptions): PacketLinks {
  const ttlSeconds = options.ttlSeconds ?? PACKET_LINK_MAX_TTL_SECONDS;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > PACKET_LINK_MAX_TTL_SECONDS) {
    throw new TypeError(`packet link ttlSeconds must be an integer from 1 to ${PACKET_LINK_MAX_TTL_SECONDS}`);
  }
  if (options.secret !== undefined && options.secret.length < 32) {
    throw new TypeError('the packet link secret must be at least 32 characters');
  }
  const now = options.now ?? Date.now;
  const { baseUrl } = options;
  const lifeOf = (purpose: SignedLinkPurpose) =>
    purpose === 'upload' ? UPLOAD_LINK_TTL_SECONDS : ttlSeconds;
  const maxLifeOf = (purpose: SignedLinkPurpose) =>
    purpose === 'upload' ? UPLOAD_LINK_TTL_SECONDS : PACKET_LINK_MAX_TTL_SECONDS;
  const getKey = lazyOnce(
    (): Promise<HmacKey> =>
      secretKey(options.secret, {
        info: 'filing-mcp packet link v1',
        algorithm: { name: 'HMAC', hash: 'SHA-256', length: 256 },
        usages: ['sign', 'verify'],
        name: 'the packet link secret',
      }),
  );

  return {
    async sign(kind, id, purpose = 'download') {
      const expires = Math.floor(now() / 1000) + lifeOf(purpose);
      const nonce = purpose === 'upload' ? base64url(crypto.getRandomValues(new Uint8Array(16))) : null;
      const signature = await crypto.subtle.sign(
        'HMAC',
        await getKey(),
        signedData(purpose, kind, id, expires, nonce),
      );
      const { prefix, suffix } = PATHS[purpose];
      const path = `${prefix}${kind}/${encodeURIComponent(id.toLowerCase())}${suffix}`;
      return {
        url: `${baseUrl}${path}?exp=${expires}${nonce === null ? '' : `&n=${nonce}`}&sig=${base64url(new Uint8Array(signature))}`,
        expiresAt: expires * 1000,
      };
    },
    async verify(path, query) {
      const purpose = (Object.keys(PATHS) as SignedLinkPurpose[]).find((name) =>
        PATHS[name].pattern.test(path),
      );
      const match = purpose === undefined ? null : PATHS[purpose].pattern.exec(path);
      const expiry = query.get('exp') ?? '';
      const signature = query.get('sig') ?? '';
      if (!match || purpose === undefined || !EXPIRY.test(expiry) || !SIGNATURE.test(signature))
        return 'invalid';
      const kind = match[1] as FilingKind;
      const id = match[2]!;
      const expires = Number(expiry);
      const nonce = purpose === 'upload' ? query.get('n') : null;
      if (nonce !== null && !NONCE.test(nonce)) return 'invalid';
      // crypto.subtle.verify compares in constant time.
      const valid = await crypto.subtle.verify(
        'HMAC',
        await getKey(),
        fromBase64url(signature),
        signedData(purpose, kind, id, expires, nonce),
      );
      if (!valid) return 'invalid';
      const nowSeconds = now() / 1000;
      // A link whose life would exceed the maximum was not made by this rule: refuse it as well.
      if (nowSeconds >= expires || expires - nowSeconds > maxLifeOf(purpose)) return 'expired';
      return { kind, id, purpose };
    },
  };
}
