const textualTypes =
  /^(text\/|application\/(json|[a-z0-9.+-]*\+json|xml|[a-z0-9.+-]*\+xml|javascript|ecmascript|x-www-form-urlencoded|graphql)\b)/i;

/**
 * Whether a body can travel as a UTF-8 string in a Lambda result; everything else goes base64.
 * @internal
 */
export function isTextBody(headers: Pick<Headers, 'get'>, bytes: Uint8Array): boolean {
  const encoding = headers.get('content-encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') return false;
  const contentType = headers.get('content-type');
  if (contentType) return textualTypes.test(contentType.trim());
  // No declared type: send it as text only when it survives a round trip through UTF-8.
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
