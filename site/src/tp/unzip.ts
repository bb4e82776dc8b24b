/**
 * Reads a zip file's entries in the browser: the central directory, then each
 * entry stored or deflated (DecompressionStream 'deflate-raw'). No Zip64, no
 * encryption: a Tournament Pack zip (GitHub's "Download ZIP", or one made
 * with `zip -r`) has neither.
 */

export interface ZipEntry {
  path: string;
  bytes(): Promise<Uint8Array>;
}

export class ZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The entries (files, not folders) of a zip file's bytes; a file that is not a zip is a ZipError. */
export function zipEntries(buffer: ArrayBuffer): ZipEntry[] {
  const v = new DataView(buffer);
  const u8 = new Uint8Array(buffer);
  let end = -1;
  // The end record is the last 22 bytes, plus a comment of up to 65535 bytes.
  for (let i = buffer.byteLength - 22; i >= Math.max(0, buffer.byteLength - 22 - 0xffff); i--) {
    if (v.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('not a zip file (no end of central directory)');
  const count = v.getUint16(end + 10, true);
  let at = v.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff) throw new ZipError('a Zip64 file; zip the folder without Zip64');
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > buffer.byteLength || v.getUint32(at, true) !== CENTRAL) throw new ZipError('a damaged zip file (central directory)');
    const flags = v.getUint16(at + 8, true);
    const method = v.getUint16(at + 10, true);
    const size = v.getUint32(at + 20, true);
    const nameLength = v.getUint16(at + 28, true);
    const skip = nameLength + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
    const local = v.getUint32(at + 42, true);
    const path = names.decode(u8.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skip;
    if (path.endsWith('/')) continue;
    if (flags & 1) throw new ZipError(`"${path}" is encrypted`);
    if (method !== 0 && method !== 8) throw new ZipError(`"${path}" uses compression method ${method}; expected stored or deflated`);
    entries.push({
      path,
      bytes: async () => {
        if (v.getUint32(local, true) !== LOCAL) throw new ZipError(`a damaged zip file (entry "${path}")`);
        const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
        const data = u8.subarray(start, start + size);
        return method === 0 ? data : inflate(data);
      },
    });
  }
  return entries;
}
