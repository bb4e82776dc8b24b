import { readFileSync } from 'node:fs';
import type { Dataset } from '../../../../model/dataset.js';
import { displayPath } from '../../../../model/displayPath.js';
import { InputError } from '../../../../model/inputError.js';
import { zipEntry } from './battlescribe/zipEntry.js';
import type { RosterImport } from './importedList.js';
import { importRosterSource, isSnapfireLink, type ImportOptions } from './importSource.js';

export type { ImportOptions } from './importSource.js';

/**
 * `roster import`'s input on the command line: a Snapfire share link given as the argument, else
 * a file (a link, Snapfire's plain text, a `.ros`, a `.rosz`, New Recruit's JSON), read here and
 * told apart by what it holds (importSource.ts).
 */
export function importRoster(data: Dataset, input: string, options: ImportOptions = {}): RosterImport {
  if (isSnapfireLink(input)) return importRosterSource(data, { file: 'Snapfire link', text: input }, options);
  const file = displayPath(input);
  let bytes: Buffer;
  try {
    bytes = readFileSync(input);
  } catch (e) {
    throw new InputError([{ file, path: '', message: `cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)}); expected a Snapfire link, or a file holding one, Snapfire's plain text, a .ros, .rosz or New Recruit JSON roster` }]);
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const ros = zipEntry(bytes, (n) => n.toLowerCase().endsWith('.ros'));
    return importRosterSource(data, { file, ros: ros && { name: ros.name, text: new TextDecoder().decode(ros.bytes) } }, options);
  }
  return importRosterSource(data, { file, text: bytes.toString('utf8') }, options);
}
