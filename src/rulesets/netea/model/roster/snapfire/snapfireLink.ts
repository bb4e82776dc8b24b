import { InputError } from '../../../../../model/inputError.js';
import { decodeHtml } from './snapfireList.js';
import { snapfireList, type SnapfireForce } from './snapfireForce.js';

/**
 * Snapfire's share link (war/js/chooser.js viewLink): `<page>?list=<list file>&force=<pickle>`,
 * the pickle `encodeURIComponent(Force.pickle())` (war/js/Force.js):
 *
 *   name *( "~" formation-id *( "~" upgrade-id "x" count ) )
 *
 * Snapfire's own unpickle drops a truncated or garbled token silently and alerts on others; this
 * reader is strict: a token that is neither a formation id of the list nor `<upgrade id>x<count>`
 * of one, an upgrade before any formation, a bad %-escape, an empty name: one problem naming the
 * token and what was expected. The name is HTML-unescaped (the chooser stores it escaped).
 */

/** The link's `list` and decoded `force` values; the page's address is not read. */
export function linkParts(link: string, file = 'Snapfire link'): { list: string; pickle: string } {
  const query = link.trim().split('?')[1];
  const params = new Map<string, string>();
  for (const pair of (query ?? '').split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0) params.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const list = params.get('list');
  const force = params.get('force');
  if (list === undefined || force === undefined) throw new InputError([{ file: file, path: '', message: 'expected a Snapfire share link, "...chooser.html?list=<list>&force=<force>"' }]);
  let pickle: string;
  try {
    pickle = decodeURIComponent(force);
  } catch {
    throw new InputError([{ file: file, path: 'force', message: 'a bad %-escape (a truncated link?); expected the force as the chooser\'s "link" gives it' }]);
  }
  let listId: string;
  try {
    listId = decodeURIComponent(list);
  } catch {
    throw new InputError([{ file: file, path: 'list', message: 'a bad %-escape; expected a Snapfire list file id such as "SM_codex_NETEA"' }]);
  }
  return { list: listId, pickle };
}

/** A share link read strictly against the mapping table's copy of its list file. */
export function readSnapfireLink(link: string, file = 'Snapfire link'): SnapfireForce {
  const { list, pickle } = linkParts(link, file);
  const entry = snapfireList(list, file);
  if (entry.tp === null) throw new InputError([{ file: file, path: 'list', message: `Snapfire list ${list} (${entry.name}) has no Tournament Pack list: ${entry.reason ?? 'not mapped'}; expected a Snapfire NetEA list of an army the Tournament Pack has` }]);
  const tokens = pickle.split('~');
  const name = decodeHtml(tokens[0]!);
  if (name === '') throw new InputError([{ file: file, path: 'force', message: 'the army name (before the first "~") is empty; expected a name, then "~<formation id>"' }]);
  const force: SnapfireForce = { list, name, formations: [] };
  tokens.slice(1).forEach((token, k) => {
    const where = `force token ${k + 2} "${token}"`;
    if (token === '' && k === tokens.length - 2) return;
    if (/^[0-9]+$/.test(token)) {
      if (entry.formations[token] === undefined) throw new InputError([{ file: file, path: where, message: `no formation ${token} in Snapfire list ${list}; expected one of its formation ids (${Object.keys(entry.formations).join(', ')})` }]);
      force.formations.push({ id: Number(token), upgrades: [] });
      return;
    }
    const m = /^([0-9]+)x([0-9]+)$/.exec(token);
    if (!m) throw new InputError([{ file: file, path: where, message: 'expected "<formation id>" or "<upgrade id>x<count>" (a truncated or garbled link?)' }]);
    const current = force.formations[force.formations.length - 1];
    if (current === undefined) throw new InputError([{ file: file, path: where, message: 'an upgrade before any formation; expected "<formation id>" first' }]);
    if (entry.upgrades[m[1]!] === undefined) throw new InputError([{ file: file, path: where, message: `no upgrade ${m[1]} in Snapfire list ${list}; expected one of its upgrade ids` }]);
    if (Number(m[2]) < 1) throw new InputError([{ file: file, path: where, message: 'a count of 0; expected "<upgrade id>x<count>" with a count of at least 1' }]);
    current.upgrades.push({ id: Number(m[1]), count: Number(m[2]) });
  });
  if (force.formations.length === 0) throw new InputError([{ file: file, path: 'force', message: 'no formation; expected "<name>~<formation id>..."' }]);
  return force;
}
