import type { RosterSource } from '../../../../../src/rulesets/netea/model/roster/importSource.js';
import { isSnapfireLink } from '../../../../../src/rulesets/netea/model/roster/importSource.js';
import { zipEntries } from '../../../tp/unzip.js';

/**
 * A list's source in the page: pasted text (a Snapfire link or plain text, or any roster's text),
 * or a dropped or picked file, read as `roster import` reads a file: a zip (`.rosz`) is opened here
 * (DecompressionStream) and its first `.ros` entry handed over; anything else is UTF-8 text. What
 * the source is, is decided by importRosterSource from what it holds, as on the command line.
 */

/** Pasted text: a Snapfire link is named as the command line names one given as its argument. */
export function pastedSource(text: string): RosterSource {
  return { file: isSnapfireLink(text) ? 'Snapfire link' : 'pasted text', text };
}

export async function fileSource(file: File): Promise<RosterSource> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    let ros: { name: string; text: string } | null | undefined;
    try {
      const entry = zipEntries(bytes.buffer).find((e) => e.path.toLowerCase().endsWith('.ros'));
      ros = entry === undefined ? undefined : { name: entry.path, text: new TextDecoder().decode(await entry.bytes()) };
    } catch {
      ros = null;
    }
    return { file: file.name, ros };
  }
  return { file: file.name, text: new TextDecoder().decode(bytes) };
}
