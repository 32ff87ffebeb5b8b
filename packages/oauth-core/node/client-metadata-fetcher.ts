import { lookup as dnsLookup } from 'node:dns/promises';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  ClientMetadataDocumentError,
  type ClientMetadataDocumentFetcher,
  type ClientMetadataDocumentResponse,
} from '../src/client-id-metadata-document.js';
import { specialAddress } from './special-addresses.js';

/** Largest document accepted: 5 KiB (a client name, a few redirect URIs, a logo URL fit easily). */
export const MAX_CLIENT_METADATA_DOCUMENT_BYTES = 5 * 1024;
/** Whole-fetch time limit (resolution, connection, TLS, answer): 3 s. */
export const CLIENT_METADATA_FETCH_TIMEOUT_MS = 3000;

/** Options of {@link createNodeClientMetadataFetcher}. */
export interface NodeClientMetadataFetcherOptions {
  /**
   * Development only (`CIMD_ALLOW_LOOPBACK=1`): also reach loopback addresses (127.0.0.0/8, ::1),
   * over https or plain http. Every other special-use address stays refused. Default false.
   */
  allowLoopback?: boolean;
  /** Default {@link CLIENT_METADATA_FETCH_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Default {@link MAX_CLIENT_METADATA_DOCUMENT_BYTES}. */
  maxBytes?: number;
  /** Extra CA certificates to trust (PEM), e.g. a local test server's self-signed one. */
  ca?: string | string[];
}

function refuse(reason: string): ClientMetadataDocumentError {
  return new ClientMetadataDocumentError(reason);
}

/** Resolves the host and vets every address it has; answers the address to connect to. */
async function vettedAddress(
  hostname: string,
  allowLoopback: boolean,
): Promise<{ address: string; family: 4 | 6; loopback: boolean }> {
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await dnsLookup(hostname, { all: true, verbatim: true });
  } catch {
    throw refuse(`the host ${hostname} could not be resolved`);
  }
  if (addresses.length === 0) throw refuse(`the host ${hostname} could not be resolved`);
  // Every address must pass: a name with one private address among public ones is refused.
  for (const { address } of addresses) {
    const special = specialAddress(address);
    if (special !== undefined && !(allowLoopback && special.loopback)) {
      throw refuse(
        `the host ${hostname} resolves to ${address}, a ${special.range} address, which is never fetched`,
      );
    }
  }
  const chosen = addresses[0]!;
  return {
    address: chosen.address,
    family: chosen.family === 6 ? 6 : 4,
    loopback: specialAddress(chosen.address)?.loopback ?? false,
  };
}

/**
 * The Node implementation of {@link ClientMetadataDocumentFetcher}, for every adapter that runs on
 * Node (the Node server, Vercel Functions, AWS Lambda). It resolves the host itself, refuses the
 * document when any address is loopback, private, link-local, CGNAT, multicast, unspecified or
 * otherwise special-use (IPv4-mapped IPv6 judged by its IPv4 address), and then connects to the
 * very address it vetted (the socket's `lookup` answers it; SNI, certificate check and `Host` keep
 * the hostname), so a second DNS answer cannot swap in another address. https only; no redirects
 * (any 3xx is refused); 200 only; at most `maxBytes`; the whole fetch within `timeoutMs`.
 *
 * @example
 * ```ts
 * createFilingServer({ db, config, clientMetadataDocuments: { fetcher: createNodeClientMetadataFetcher() } });
 * ```
 */
export function createNodeClientMetadataFetcher(
  options: NodeClientMetadataFetcherOptions = {},
): ClientMetadataDocumentFetcher {
  const allowLoopback = options.allowLoopback ?? false;
  const timeoutMs = options.timeoutMs ?? CLIENT_METADATA_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_CLIENT_METADATA_DOCUMENT_BYTES;

  return {
    async fetch(url: URL): Promise<ClientMetadataDocumentResponse> {
      if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) {
        throw refuse('only https URLs are fetched');
      }
      const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
      const deadline = AbortSignal.timeout(timeoutMs);
      const timedOut = () => refuse(`the document did not arrive within ${timeoutMs} ms`);
      const vetted = await Promise.race([
        vettedAddress(hostname, allowLoopback),
        new Promise<never>((_, reject) => deadline.addEventListener('abort', () => reject(timedOut()))),
      ]);
      if (url.protocol === 'http:' && !vetted.loopback) throw refuse('only https URLs are fetched');
      const pinned: LookupFunction = (_host, lookupOptions, callback) => {
        if (lookupOptions.all) callback(null, [{ address: vetted.address, family: vetted.family }]);
        else callback(null, vetted.address, vetted.family);
      };

      return new Promise<ClientMetadataDocumentResponse>((resolve, reject) => {
        let request: ClientRequest | undefined;
        const fail = (error: ClientMetadataDocumentError) => {
          reject(error);
          request?.destroy();
        };
        const onAbort = () => fail(timedOut());
        if (deadline.aborted) return fail(timedOut());
        deadline.addEventListener('abort', onAbort, { once: true });
        const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
        request = send(
          url,
          {
            method: 'GET',
            agent: false,
            lookup: pinned,
            headers: { accept: 'application/json', 'user-agent': 'filing-mcp (client metadata document)' },
            ...(options.ca !== undefined && { ca: options.ca }),
          },
          (response: IncomingMessage) => {
            const status = response.statusCode ?? 0;
            if (status >= 300 && status < 400) {
              return fail(refuse(`the URL answered a redirect (${status}); redirects are not followed`));
            }
            if (status !== 200) return fail(refuse(`the URL answered HTTP ${status}, not 200`));
            const declared = Number(response.headers['content-length']);
            if (Number.isFinite(declared) && declared > maxBytes) {
              return fail(refuse(`the document is larger than ${maxBytes} bytes`));
            }
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > maxBytes) return fail(refuse(`the document is larger than ${maxBytes} bytes`));
              chunks.push(chunk);
            });
            response.on('error', () => fail(refuse('the connection failed while reading the document')));
            response.on('end', () => {
              deadline.removeEventListener('abort', onAbort);
              let body: string;
              try {
                body = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
              } catch {
                return fail(refuse('the document is not UTF-8'));
              }
              const cacheControl = response.headers['cache-control'];
              resolve({ body, cacheControl: cacheControl ?? null });
            });
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => {
          deadline.removeEventListener('abort', onAbort);
          fail(refuse(`the document could not be fetched (${error.code ?? 'connection failed'})`));
        });
        request.end();
      });
    },
  };
}
