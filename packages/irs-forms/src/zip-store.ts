/** A file for {@link zipStore}. */
export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A ZIP archive (APPNOTE 6.3) of `entries`, stored without compression: PDFs are compressed
 * already, and storing keeps this a page of code with no dependency (fflate's `zipSync` was 2-4%
 * slower side by side: docs/performance.md, "The IRS packet"). Names are UTF-8 (flag bit 11);
 * no ZIP64, so each file and the whole archive stay under 4 GiB.
 */
export function zipStore(entries: readonly ZipEntry[], modified = new Date()): Uint8Array {
  const encoder = new TextEncoder();
  const time =
    (modified.getUTCHours() << 11) | (modified.getUTCMinutes() << 5) | (modified.getUTCSeconds() >> 1);
  const date =
    ((Math.max(modified.getUTCFullYear(), 1980) - 1980) << 9) |
    ((modified.getUTCMonth() + 1) << 5) |
    modified.getUTCDate();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const crc = crc32(entry.bytes);
    const size = entry.bytes.length;
    // Both headers carry the same run of fields: from "version needed" to the name's length.
    const entryFields = (view: DataView, at: number) => {
      view.setUint16(at, 20, true); // version needed to extract: 2.0
      view.setUint16(at + 2, 0x0800, true); // flags: bit 11, UTF-8 names
      view.setUint16(at + 4, 0, true); // method: stored
      view.setUint16(at + 6, time, true);
      view.setUint16(at + 8, date, true);
      view.setUint32(at + 10, crc, true);
      view.setUint32(at + 14, size, true); // compressed size
      view.setUint32(at + 18, size, true); // uncompressed size
      view.setUint16(at + 22, name.length, true);
    };
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    entryFields(lv, 4);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true); // version made by
    entryFields(cv, 6);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, entry.bytes);
    centrals.push(central);
    offset += local.length + size;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + centralSize + end.length);
  let position = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, position);
    position += part.length;
  }
  return out;
}
