import type { Dataset } from '../../../../model/dataset.js';
import { InputError } from '../../../../model/inputError.js';
import { importBattleScribe, rosterFromJson, rosterFromXml } from './battlescribe/battlescribeImport.js';
import { importedRoster, type ImportedList, type RosterImport, type SourceFormat } from './importedList.js';
import { armyPrinted, readRosterText } from './rosterText.js';
import { readSnapfireLink } from './snapfire/snapfireLink.js';
import { importSnapfireForce } from './snapfire/snapfireImport.js';
import { isSnapfireText, lines, readSnapfireText } from './snapfire/snapfireText.js';

/**
 * `roster import`'s input once read, whatever it is, told apart by what it holds, not by its name:
 * a Snapfire share link, Snapfire's plain text (or this tool's export of a list as that text), a
 * BattleScribe `.ros`, the `.ros` found in a `.rosz`, or New Recruit's JSON. No file system here:
 * the command line reads the file (importRoster.ts), the playground the dropped file or pasted text,
 * and both get the same list file, differences and messages.
 */

export const isSnapfireLink = (s: string) => /[?&]list=[^&]*&force=|[?&]force=[^&]*&list=/.test(s) && !/\n\S/.test(s.trim());

export interface ImportOptions {
  /** The Snapfire list file a plain text is read against, where its list line is shared. */
  list?: string;
  /** The points limit the list is built to (default: the source's, or its total rounded up to 500). */
  points?: number;
}

/**
 * A source as read: its text (`file` names it in messages), or a zip archive's `.ros` entry:
 * `ros` the entry found, undefined when the archive holds none, null when it cannot be read.
 */
export type RosterSource = { file: string; text: string } | { file: string; ros: { name: string; text: string } | null | undefined };

const EXPECTED_ZIP = 'expected a .rosz: a zip holding one .ros roster';

export function importRosterSource(data: Dataset, source: RosterSource, options: ImportOptions = {}): RosterImport {
  const { file } = source;
  const finish = (imported: ImportedList, format: SourceFormat, text: string | undefined) => importedRoster(data, imported, format, text, options.points, file);
  if ('ros' in source) {
    const ros = source.ros;
    if (ros === null) throw new InputError([{ file, path: '', message: `not a zip archive that can be read (damaged or compressed with a method other than deflate); ${EXPECTED_ZIP}` }]);
    if (ros === undefined) throw new InputError([{ file, path: '', message: `a zip archive holding no .ros file; ${EXPECTED_ZIP}` }]);
    const at = `${file}:${ros.name}`;
    return importedRoster(data, importBattleScribe(data, rosterFromXml(ros.text, at), at), 'battlescribe', undefined, options.points, file);
  }
  const text = source.text.replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new InputError([{ file, path: '', message: `not valid JSON (${(e as Error).message}); expected New Recruit's JSON export of a roster` }]);
    }
    return finish(importBattleScribe(data, rosterFromJson(json, file), file), 'new-recruit', undefined);
  }
  if (start.startsWith('<') && /<roster[\s>]/.test(text)) return finish(importBattleScribe(data, rosterFromXml(text, file), file), 'battlescribe', undefined);
  if (isSnapfireLink(text)) return finish(importSnapfireForce(data, readSnapfireLink(text, file), file), 'snapfire-link', text.trim());
  if (isSnapfireText(text)) {
    const listLine = lines(text).filter((l) => l !== '')[1]!;
    if (armyPrinted(data, listLine) !== undefined) return finish(readRosterText(data, text, file), 'snapfire-text', text);
    return finish(importSnapfireForce(data, readSnapfireText(text, options.list, file), file), 'snapfire-text', text);
  }
  throw new InputError([{ file, path: '', message: 'not a list this tool reads; expected a Snapfire link ("...chooser.html?list=<list>&force=<force>"), Snapfire\'s plain text ("<name>, <n> POINTS", the list line, a rule of "="), a BattleScribe .ros or .rosz, or New Recruit JSON ({"roster": ...})' }]);
}
