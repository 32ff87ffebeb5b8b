/** FNV-1a (32 bits): a short, stable, non-cryptographic hash, fed one string at a time. */
export const FNV_OFFSET = 0x811c9dc5;

/** `hash` with the UTF-16 units of `text` folded in. */
export function fnvFold(hash: number, text: string): number {
  let folded = hash;
  for (let index = 0; index < text.length; index++) {
    folded ^= text.charCodeAt(index);
    folded = Math.imul(folded, 0x01000193) >>> 0;
  }
  return folded;
}
