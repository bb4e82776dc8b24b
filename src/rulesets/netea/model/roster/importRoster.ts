import { readFileSync } from 'node:fs';
import type { Dataset } from '../../../../model/dataset.js';
import { displayPath } from '../../../../model/displayPath.js';
import { InputError } from '../../../../model/inputError.js';
import { importBattleScribe, rosterFromJson, rosterFromXml } from './battlescribe/battlescribeImport.js';
import { zipEntry } from './battlescribe/zipEntry.js';
import { importedRoster, type ImportedList, type RosterImport, type SourceFormat } from './importedList.js';
import { armyPrinted, readRosterText } from './rosterText.js';
import { readSnapfireLink } from './snapfire/snapfireLink.js';
import { importSnapfireForce } from './snapfire/snapfireImport.js';
import { isSnapfireText, lines, readSnapfireText } from './snapfire/snapfireText.js';

/**
 * `roster import`'s input, whatever it is: a Snapfire share link (given on the command line or in
 * a file), Snapfire's plain text (or this tool's export of a list as that text), a BattleScribe
 * `.ros` or `.rosz`, or New Recruit's JSON, told apart by what it holds, not by its name.
 */

const isLink = (s: string) => /[?&]list=[^&]*&force=|[?&]force=[^&]*&list=/.test(s) && !/\n\S/.test(s.trim());

export interface ImportOptions {
  /** The Snapfire list file a plain text is read against, where its list line is shared. */
  list?: string;
  /** The points limit the list is built to (default: the source's, or its total rounded up to 500). */
  points?: number;
}

export function importRoster(data: Dataset, input: string, options: ImportOptions = {}): RosterImport {
  if (isLink(input)) return finish(data, importSnapfireForce(data, readSnapfireLink(input), 'Snapfire link'), 'snapfire-link', input.trim(), options, 'Snapfire link');
  const file = displayPath(input);
  let bytes: Buffer;
  try {
    bytes = readFileSync(input);
  } catch (e) {
    throw new InputError([{ file, path: '', message: `cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)}); expected a Snapfire link, or a file holding one, Snapfire's plain text, a .ros, .rosz or New Recruit JSON roster` }]);
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const ros = zipEntry(bytes, (n) => n.toLowerCase().endsWith('.ros'));
    if (ros === null) throw new InputError([{ file, path: '', message: 'not a zip archive that can be read (damaged or compressed with a method other than deflate); expected a .rosz: a zip holding one .ros roster' }]);
    if (ros === undefined) throw new InputError([{ file, path: '', message: 'a zip archive holding no .ros file; expected a .rosz: a zip holding one .ros roster' }]);
    const at = `${file}:${ros.name}`;
    return finish(data, importBattleScribe(data, rosterFromXml(new TextDecoder().decode(ros.bytes), at), at), 'battlescribe', undefined, options, file);
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new InputError([{ file, path: '', message: `not valid JSON (${(e as Error).message}); expected New Recruit's JSON export of a roster` }]);
    }
    return finish(data, importBattleScribe(data, rosterFromJson(json, file), file), 'new-recruit', undefined, options, file);
  }
  if (start.startsWith('<') && /<roster[\s>]/.test(text)) return finish(data, importBattleScribe(data, rosterFromXml(text, file), file), 'battlescribe', undefined, options, file);
  if (isLink(text)) return finish(data, importSnapfireForce(data, readSnapfireLink(text, file), file), 'snapfire-link', text.trim(), options, file);
  if (isSnapfireText(text)) {
    const listLine = lines(text).filter((l) => l !== '')[1]!;
    if (armyPrinted(data, listLine) !== undefined) return finish(data, readRosterText(data, text, file), 'snapfire-text', text, options, file);
    return finish(data, importSnapfireForce(data, readSnapfireText(text, options.list, file), file), 'snapfire-text', text, options, file);
  }
  throw new InputError([{ file, path: '', message: 'not a list this tool reads; expected a Snapfire link ("...chooser.html?list=<list>&force=<force>"), Snapfire\'s plain text ("<name>, <n> POINTS", the list line, a rule of "="), a BattleScribe .ros or .rosz, or New Recruit JSON ({"roster": ...})' }]);
}

function finish(data: Dataset, imported: ImportedList, format: SourceFormat, text: string | undefined, options: ImportOptions, file: string): RosterImport {
  return importedRoster(data, imported, format, text, options.points, file);
}
