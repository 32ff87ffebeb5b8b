import type { AllowList } from '@filing-mcp/protocol';

/** The Host and Origin lists of `list` that are set, and no other key. */
export function pickAllowList(list: Partial<AllowList>): Partial<AllowList> {
  return {
    ...(list.allowedHosts && { allowedHosts: list.allowedHosts }),
    ...(list.allowedOrigins && { allowedOrigins: list.allowedOrigins }),
  };
}

/**
 * Adds the configured public addresses (`{base_url}`, `{app_url}`) to whichever lists are in
 * force: behind a tunnel or proxy the server is reached under those names, and a list that
 * refused them would refuse every client and the consent page. A list that is not set stays unset.
 */
export function withOwnAddresses(list: Partial<AllowList>, urls: string[]): Partial<AllowList> {
  const allowedHosts = list.allowedHosts && [...list.allowedHosts];
  const allowedOrigins = list.allowedOrigins && [...list.allowedOrigins];
  for (const address of urls) {
    const url = new URL(address);
    // `URL.host` leaves a scheme's default port out; a client may still send it.
    const defaultPort = url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '';
    allowedHosts?.push(
      url.host,
      ...(url.port === '' && defaultPort ? [`${url.hostname}:${defaultPort}`] : []),
    );
    allowedOrigins?.push(url.origin);
  }
  return pickAllowList({ allowedHosts, allowedOrigins });
}
