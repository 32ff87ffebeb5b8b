// Zod-free, so that the server and the cold-start path use it without loading the schema.

/**
 * The one spelling of a configured address: without trailing slashes. The configuration schema
 * applies it to every URL it holds (base URL, app URL, allowed origins, the fax API) and to the
 * base path, so code that takes the resolved configuration never strips them again.
 */
export function withoutTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '');
}
