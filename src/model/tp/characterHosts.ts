import type { Upgrade } from '../schema.js';
import type { UnitResolver } from './names.js';

/**
 * Whom a character upgrade may join, as its text or its table's note names them: "to one
 * Warbarque or unit with a Necron Lord" (TP Necron Overlord), "to a Daemon Prince or a unit with a
 * Chaos Lord character" (TP Chaos Warlord), "(Each upgrade may be added to a Great Gargant, Gargant
 * or Supa-Stompa once.)" (TP Orkimedes' Kustom upgrades). Undefined where a part names no unit
 * ("any unit in the formation", "a unit in a War Engine formation"): the character then joins as
 * any other does.
 */
export function characterHosts(target: string | undefined, tableNotes: string[], resolver: UnitResolver): NonNullable<Upgrade['joins']> | undefined {
  const note = tableNotes.map((n) => /\bmay be added to\s+(.+?)(?:\s+once)?\.?\)?$/i.exec(n.replace(/^\(/, ''))).find((m) => m !== null);
  const text = target ?? note?.[1];
  if (text === undefined) return undefined;
  const joins: NonNullable<Upgrade['joins']> = { units: [], withCharacter: [] };
  for (const raw of text.split(/\s*,\s*(?:or\s+)?|\s+or\s+/)) {
    const part = raw.replace(/^(?:an?|one|the|each)\s+/i, '').replace(/\.$/, '').trim();
    const withCharacter = /^unit with an?\s+(.+?)(?:\s+character)?$/i.exec(part);
    const r = resolver.resolve(withCharacter ? withCharacter[1]! : part);
    if (!r.ok) return undefined;
    (withCharacter ? joins.withCharacter : joins.units).push(r.unit.id);
  }
  return joins;
}
