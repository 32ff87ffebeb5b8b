/**
 * Why text a person typed into a companion page (an API key's name, and any name the pages take
 * later) is refused, or undefined when it is acceptable: any control character (C0 including NUL,
 * tab and line breaks, DEL, C1), which a name has no use for and which PostgreSQL text or a
 * terminal would mishandle, and an unpaired UTF-16 surrogate (not Unicode text).
 */
export function typedTextProblem(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      return 'must not contain control characters (such as NUL, tabs or line breaks)';
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'must not contain an unpaired UTF-16 surrogate';
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return 'must not contain an unpaired UTF-16 surrogate';
    }
  }
  return undefined;
}
