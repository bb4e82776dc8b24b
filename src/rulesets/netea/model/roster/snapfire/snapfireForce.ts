import { InputError } from '../../../../../model/inputError.js';
import { snapfireTable, type SnapfireTableList } from './snapfireTable.js';

/**
 * A Snapfire force as its share link or plain text holds it: the list file it was built from, its
 * name, and each formation (by the list file's id) with the upgrades it took and how many times,
 * in the order the chooser added them. Links carry no list version: a force is read against the
 * list file of the Snapfire commit the mapping table was built from.
 */
export interface SnapfireForce {
  /** The list file's id (`SM_codex_NETEA`, `draft/EL_alaitoc_NETEA`). */
  list: string;
  name: string;
  formations: Array<{ id: number; upgrades: Array<{ id: number; count: number }>; printed?: number }>;
  /** The total the plain text prints (a link prints none: its prices are the list file's). */
  printed?: number;
}

/** The table's entry for a Snapfire list file, or bad input naming it and the lists there are. */
export function snapfireList(list: string, file: string): SnapfireTableList {
  const entry = snapfireTable().lists[list];
  if (entry === undefined) {
    const netea = Object.keys(snapfireTable().lists).filter((l) => snapfireTable().lists[l]!.tp !== null);
    throw new InputError([{ file, path: 'list', message: `no Snapfire NetEA list file "${list}" at Snapfire commit ${snapfireTable().snapfire.commit.slice(0, 7)}; expected one of ${netea.map((l) => `"${l}"`).join(', ')}` }]);
  }
  return entry;
}
