import { InputError } from '../../../model/inputError.js';
import type { Epic40kDetachment } from './spec.js';
import { parseEpic40kDetachment } from './detachment.js';
import type { Army, ListRow, Unit } from './schema.js';

/**
 * The detachments `matrix` and `audit` take for an Epic 40,000 list. The
 * BattleBible's lists have no fixed detachments: a detachment is built from
 * a card's rows, and its cost is the sum of its units' costs ("Cost per
 * Unit/Option", L1537) plus +25 for the HQ. What the lists price is the
 * unit, so the unit is what the audit judges: each priced unit profile as a
 * detachment of its own kind, as many copies as bring it nearest
 * REFERENCE_POINTS (at most MAX_UNITS), so every unit is valued in a
 * detachment of about the same size and its firepower is summed as the
 * Shooting Procedure sums a detachment's (L1033). Characters are left out
 * (characterRow): the cards field one per detachment, so copies of one are
 * no detachment the lists allow. The +25 HQ cost is left out: it buys
 * command, which the simulator does not model (every unit is in command).
 */

/** Points a catalogue detachment is sized to: a typical detachment's main force (docs/epic40k.md, Audit). */
export const REFERENCE_POINTS = 150;
/** Most units in a catalogue detachment: two ranks of ten (EPIC40K_RANK_WIDTH). */
export const MAX_UNITS = 20;

export interface ListDetachments {
  army: { id: string; name: string };
  /** One per priced unit that fights on the ground and is not a character, in the list's order. */
  formations: Array<{ id: string; label: string; spec: Epic40kDetachment }>;
  /** Units left out, each with the reason. */
  skipped: Array<{ id: string; name: string; reason: string }>;
}

/** Copies of a unit that bring a detachment nearest REFERENCE_POINTS, from 1 to MAX_UNITS. */
export function catalogueCount(points: number): number {
  if (points <= 0) return MAX_UNITS;
  return Math.min(MAX_UNITS, Math.max(1, Math.round(REFERENCE_POINTS / points)));
}

/**
 * The row that prices a character, or null. The cards sell a character as
 * one command choice of a detachment: a single unit of a Command section
 * ("Chaos Lord (0-1x) | 1 | 25", L1538; "You must choose one of the
 * following units and assign him as the detachment's HQ", L2654) or of a
 * Supreme Commander's detachment ("You may include up to 1 Supreme
 * Commander", L2536), or included in one unit ("Include a Demagogue | - |
 * +8", L1605; "Include a Warlock in up to one unit", L1926). Nobz are not
 * characters: their row upgrades a whole mob ("Upgrade all units to Nobz",
 * L2685).
 */
export function characterRow(army: Army, u: Unit): ListRow | null {
  for (const d of army.detachments) {
    for (const s of d.sections) {
      const r = s.rows.find((x) => x.line === u.pointsLine);
      if (r === undefined) continue;
      const commandChoice = !r.option && r.units === '1' && (s.name === 'Command' || /Commander/.test(d.name));
      return commandChoice || /^Include an? /.test(r.name) ? r : null;
    }
  }
  return null;
}

function skipReason(army: Army, u: Unit): string | null {
  if (u.kind === 'flyer') return 'a flyer (L817-871): flyer missions, interception and flak are not simulated';
  if (u.points === undefined) return 'priced by no row of the detachment cards (docs/epic40k.md, Points)';
  const character = characterRow(army, u);
  if (character !== null) {
    return `a character: the cards field one, at the head of a detachment or in one unit (L${character.line} "${character.name} | ${character.units} | ${character.cost}"), never in copies, and a character's worth to the detachment it leads is not simulated`;
  }
  return null;
}

/** Finds a list by id or name, or fails naming the lists there are. */
export function findEpic40kArmy(lists: Map<string, Army>, query: string, option: string): Army {
  const q = query.trim().toLowerCase();
  const army = lists.get(q) ?? [...lists.values()].find((a) => a.name.toLowerCase() === q);
  if (!army) throw new InputError([{ file: option, path: '', message: `unknown Epic 40,000 army list "${query}"; expected one of ${[...lists.keys()].map((k) => `"${k}"`).join(', ')}` }]);
  return army;
}

/** The catalogue of one list: every priced ground unit but the characters as a detachment of its own kind. */
export function listDetachments(lists: Map<string, Army>, army: Army): ListDetachments {
  const out: ListDetachments = { army: { id: army.id, name: army.name }, formations: [], skipped: [] };
  for (const u of army.units) {
    const reason = skipReason(army, u);
    if (reason !== null) {
      out.skipped.push({ id: u.id, name: u.name, reason });
      continue;
    }
    const n = catalogueCount(u.points!);
    const spec = parseEpic40kDetachment(lists, `${army.id}/${n} ${u.name}`);
    out.formations.push({ id: u.id, label: `${n} ${u.name} (${spec.points})`, spec });
  }
  return out;
}
