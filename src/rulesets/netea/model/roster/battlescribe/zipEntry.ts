import { inflateRawSync } from 'node:zlib';

/**
 * The first entry of a zip archive whose name passes `want`, as bytes, or undefined when there is
 * none; null when the bytes are not a zip archive. Reads the central directory (PKWARE APPNOTE
 * 4.3.12, end record 4.3.16), so sizes written after the data (bit 3) are known; stored (0) and
 * deflated (8) entries are read, as BattleScribe and New Recruit write them.
 */
export function zipEntry(zip: Uint8Array, want: (name: string) => boolean): { name: string; bytes: Uint8Array } | undefined | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end of central directory record: signature 0x06054b50, within the last 65,557 bytes.
  let end = -1;
  for (let k = zip.length - 22; k >= Math.max(0, zip.length - 65557); k--) {
    if (view.getUint32(k, true) === 0x06054b50) {
      end = k;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skip;
    if (!want(name)) continue;
    if (local + 30 > zip.length || view.getUint32(local, true) !== 0x04034b50) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(start, start + size);
    if (method === 0) return { name, bytes: data };
    if (method !== 8) return null;
    try {
      return { name, bytes: new Uint8Array(inflateRawSync(data)) };
    } catch {
      return null;
    }
  }
  return undefined;
}
