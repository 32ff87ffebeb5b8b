import { ClientMetadataDocumentError } from '../src/client-id-metadata-document.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeClientMetadataDocuments, createNodeClientMetadataFetcher } from '../node/index.js';
import { MAX_CLIENT_METADATA_DOCUMENT_BYTES } from '../node/client-metadata-fetcher.js';
import { specialAddress } from '../node/special-addresses.js';
import { type DocumentServer, startDocumentServer } from './document-server.js';

/**
 * The SSRF-safe fetcher of Client ID Metadata Documents, against a real HTTP server on
 * loopback. No database is opened here.
 */
describe('specialAddress: the address classifier', () => {
  it.each([
    ['127.0.0.1', 'loopback 127.0.0.0/8', true],
    ['127.255.1.2', 'loopback 127.0.0.0/8', true],
    ['::1', 'loopback ::1/128', true],
    ['::ffff:127.0.0.1', 'loopback 127.0.0.0/8 (IPv4-mapped)', true],
    ['::ffff:7f00:1', 'loopback 127.0.0.0/8 (IPv4-mapped)', true],
    ['10.1.2.3', 'private 10.0.0.0/8', false],
    ['172.16.0.1', 'private 172.16.0.0/12', false],
    ['172.31.255.255', 'private 172.16.0.0/12', false],
    ['192.168.1.1', 'private 192.168.0.0/16', false],
    ['::ffff:10.0.0.1', 'private 10.0.0.0/8 (IPv4-mapped)', false],
    ['169.254.169.254', 'link-local 169.254.0.0/16', false],
    ['fe80::1', 'link-local fe80::/10', false],
    ['100.64.0.1', 'shared (CGNAT) 100.64.0.0/10', false],
    ['0.0.0.0', 'unspecified 0.0.0.0/8', false],
    ['::', 'unspecified ::/128', false],
    ['224.0.0.251', 'multicast 224.0.0.0/4', false],
    ['ff02::1', 'multicast ff00::/8', false],
    ['255.255.255.255', 'broadcast 255.255.255.255/32', false],
    ['250.1.2.3', 'reserved 240.0.0.0/4', false],
    ['fd12:3456::1', 'unique local fc00::/7', false],
    ['192.0.2.10', 'reserved 192.0.2.0/24', false],
    ['2001:db8::1', 'reserved 2001:db8::/32', false],
    // NAT64 (RFC 6052) is judged by the IPv4 address it carries; two ranges were missing once.
    ['64:ff9b::a00:1', 'private 10.0.0.0/8 (NAT64)', false],
    ['64:ff9b::127.0.0.1', 'loopback 127.0.0.0/8 (NAT64)', false],
    ['64:ff9b::a9fe:a9fe', 'link-local 169.254.0.0/16 (NAT64)', false],
    ['64:ff9b:1::808:808', 'local-use NAT64 64:ff9b:1::/48', false],
    ['::ffff:0:808:808', 'IPv4-translated ::ffff:0:0:0/96', false],
    ['::ffff:0:8.8.8.8', 'IPv4-translated ::ffff:0:0:0/96', false],
    ['5f00::1', 'SRv6 SIDs 5f00::/16', false],
    ['5f00:ffff::8', 'SRv6 SIDs 5f00::/16', false],
    ['2002:a00:1::1', '6to4 2002::/16', false],
    ['198.18.0.1', 'reserved 198.18.0.0/15', false],
    ['::1.2.3.4', 'IPv4-compatible ::/96', false],
    ['fec0::1', 'site-local fec0::/10', false],
  ])('%s is %s', (address, range, loopback) => {
    expect(specialAddress(address)).toEqual({ range, loopback });
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    // An IPv6-only host behind DNS64 reaches IPv4-only sites through NAT64.
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
  ])('%s is a public address', (address) => {
    expect(specialAddress(address)).toBeUndefined();
  });

  it('a string that is not an IP address is never public', () => {
    expect(specialAddress('example.com')).toEqual({ range: 'not an IP address', loopback: false });
  });
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ClientMetadataDocumentError);
  return (error as Error).message;
}

describe('createNodeClientMetadataFetcher', () => {
  let documents: DocumentServer;
  const document = { client_id: 'x', client_name: 'x', redirect_uris: ['http://127.0.0.1/cb'] };

  beforeAll(async () => {
    documents = await startDocumentServer();
    documents.route('/ok.json', { body: document, headers: { 'cache-control': 'max-age=120' } });
    documents.route('/redirect.json', { status: 302, headers: { location: '/ok.json' } });
    documents.route('/missing.json', { status: 404 });
    documents.route('/big.json', { body: 'x'.repeat(MAX_CLIENT_METADATA_DOCUMENT_BYTES + 1) });
    documents.route('/slow.json', { hang: true });
  });
  afterAll(async () => {
    await documents?.close();
  });

  describe('with the development switch off (the default)', () => {
    const fetcher = createNodeClientMetadataFetcher();

    it('refuses a non-https URL before any connection', async () => {
      expect(await refusal(fetcher.fetch(new URL(`${documents.origin}/ok.json`)))).toBe(
        'only https URLs are fetched',
      );
      expect(documents.hits('/ok.json')).toBe(0);
    });

    it('refuses a hostname that resolves to loopback (localhost), after resolution', async () => {
      const message = await refusal(fetcher.fetch(new URL(`https://localhost:${documents.port}/ok.json`)));
      expect(message).toMatch(
        /^the host localhost resolves to (127\.0\.0\.1|::1), a loopback (127\.0\.0\.0\/8|::1\/128) address, which is never fetched$/,
      );
    });

    it.each([
      ['127.0.0.1', 'loopback 127.0.0.0/8'],
      ['10.0.0.1', 'private 10.0.0.0/8'],
      ['172.20.1.1', 'private 172.16.0.0/12'],
      ['192.168.0.10', 'private 192.168.0.0/16'],
      ['169.254.169.254', 'link-local 169.254.0.0/16'],
      ['100.100.100.200', 'shared (CGNAT) 100.64.0.0/10'],
      ['0.0.0.0', 'unspecified 0.0.0.0/8'],
      ['[::1]', 'loopback ::1/128'],
      ['[::ffff:127.0.0.1]', 'loopback 127.0.0.0/8 (IPv4-mapped)'],
      ['[::ffff:192.168.0.1]', 'private 192.168.0.0/16 (IPv4-mapped)'],
      ['[fd00::1]', 'unique local fc00::/7'],
      ['[fe80::1]', 'link-local fe80::/10'],
      ['[ff02::1]', 'multicast ff00::/8'],
    ])('refuses https://%s (%s)', async (host, range) => {
      const message = await refusal(fetcher.fetch(new URL(`https://${host}/client.json`)));
      expect(message).toContain(`a ${range} address, which is never fetched`);
    });
  });

  describe('with CIMD_ALLOW_LOOPBACK (development switch on)', () => {
    const fetcher = createNodeClientMetadataFetcher({ allowLoopback: true, timeoutMs: 300 });

    it('fetches a document from a loopback server, with its Cache-Control', async () => {
      const before = documents.hits('/ok.json');
      const answer = await fetcher.fetch(new URL(`${documents.origin}/ok.json`));
      expect(JSON.parse(answer.body)).toEqual(document);
      expect(answer.cacheControl).toBe('max-age=120');
      expect(documents.hits('/ok.json')).toBe(before + 1);
    });

    it('still refuses private, link-local and other special addresses', async () => {
      expect(await refusal(fetcher.fetch(new URL('https://10.0.0.1/client.json')))).toContain(
        'private 10.0.0.0/8',
      );
      expect(await refusal(fetcher.fetch(new URL('http://169.254.169.254/latest/meta-data')))).toContain(
        'link-local 169.254.0.0/16',
      );
    });

    it('refuses a redirect without following it', async () => {
      const before = documents.hits('/ok.json');
      expect(await refusal(fetcher.fetch(new URL(`${documents.origin}/redirect.json`)))).toBe(
        'the URL answered a redirect (302); redirects are not followed',
      );
      expect(documents.hits('/ok.json')).toBe(before);
    });

    it('refuses an answer other than 200', async () => {
      expect(await refusal(fetcher.fetch(new URL(`${documents.origin}/missing.json`)))).toBe(
        'the URL answered HTTP 404, not 200',
      );
    });

    it('refuses a document over the size cap', async () => {
      expect(await refusal(fetcher.fetch(new URL(`${documents.origin}/big.json`)))).toBe(
        `the document is larger than ${MAX_CLIENT_METADATA_DOCUMENT_BYTES} bytes`,
      );
    });

    it('gives up on a server that does not answer in time', async () => {
      expect(await refusal(fetcher.fetch(new URL(`${documents.origin}/slow.json`)))).toBe(
        'the document did not arrive within 300 ms',
      );
    });
  });
});

describe('nodeClientMetadataDocuments', () => {
  it('is off by default: no loopback, no http', () => {
    expect(nodeClientMetadataDocuments({ allowLoopback: false }).allowHttp).toBe(false);
  });

  it('allowLoopback turns the development switch on', () => {
    expect(nodeClientMetadataDocuments({ allowLoopback: true }).allowHttp).toBe(true);
  });
});
