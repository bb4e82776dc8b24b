import type { Dataset } from '../../model/dataset.js';
import type { Army, Formation, Upgrade } from '../../model/schema.js';
import { correctionOf } from './priceCorrections.js';

/**
 * The prices the Tournament Pack's army-list champions changed between two versions of it, read
 * from the two imported data sets (nothing of the pack is stored): every formation, formation
 * size and upgrade of a list both versions have, by the importer's id, whose printed price moved.
 * A change is a balancing decision to judge only when what it prices stayed the same: the same
 * units (every datasheet and weapon profile they name), composition, choices and army rules;
 * otherwise it is listed as not judged, with the reason, as is a known data correction.
 */

export type ChangeKind = 'formation' | 'size' | 'upgrade';

export interface PriceChange {
  army: string;
  kind: ChangeKind;
  /** The formation's id; for an upgrade, the upgrade's. */
  id: string;
  /** For a size, its id ("big"); for an upgrade, null until a formation to value it on is chosen. */
  size: string | null;
  name: string;
  oldPoints: number;
  newPoints: number;
  direction: 'cut' | 'rise';
  /** Why it is not judged (units changed, a data correction); absent when it is. */
  notJudged?: string;
}

/** Keys that print a price or its wording: a changed price leaves what is priced the same. */
const PRICE_KEYS = new Set(['points', 'notes', 'pairPoints', 'upgrades']);

/** The object without its prices, for comparing what it prices. */
function priced(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(priced);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !PRICE_KEYS.has(k)).map(([k, v]) => [k, priced(v)]));
}

/** Every unit id the value names, anywhere in it. */
function unitIdsIn(value: unknown, data: Dataset, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && data.units.has(value)) out.add(value);
  else if (Array.isArray(value)) for (const v of value) unitIdsIn(v, data, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) unitIdsIn(v, data, out);
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What differs between the two versions' units (datasheets and weapon profiles) of the ids named; [] when nothing. */
function unitDifferences(ids: Set<string>, older: Dataset, newer: Dataset): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const a = older.units.get(id);
    const b = newer.units.get(id);
    if (b === undefined) out.push(`unit ${id} is gone`);
    else if (!same(priced(a), priced(b))) out.push(`unit ${id}'s datasheet changed`);
    else for (const w of a!.weapons) if (!same(older.weapons.get(w.weapon), newer.weapons.get(w.weapon))) out.push(`weapon ${w.weapon} of unit ${id} changed`);
  }
  return out;
}

function armyDifferences(a: Army, b: Army): string[] {
  return same([a.rules, a.otherRules], [b.rules, b.otherRules]) ? [] : ['the army rules changed'];
}

function formationChanges(a: Army, b: Army, f: Formation, g: Formation, older: Dataset, newer: Dataset): PriceChange[] {
  const differences = [...armyDifferences(a, b), ...(same(priced(f), priced(g)) ? [] : ['its composition changed']), ...unitDifferences(unitIdsIn(f, older), older, newer)];
  const out: PriceChange[] = [];
  const add = (size: string | null, name: string, oldPoints: number, newPoints: number) => {
    if (oldPoints === newPoints) return;
    const change: PriceChange = { army: a.id, kind: size === null ? 'formation' : 'size', id: f.id, size, name, oldPoints, newPoints, direction: newPoints < oldPoints ? 'cut' : 'rise' };
    const correction = correctionOf(change);
    if (differences.length > 0) change.notJudged = `not the same formation: ${differences.join('; ')}`;
    else if (correction !== undefined) change.notJudged = `a data correction, not a balancing decision: ${correction}`;
    out.push(change);
  };
  add(null, f.name, f.points, g.points);
  for (const s of (f.sizes ?? []).slice(1)) {
    const t = g.sizes?.find((x) => x.id === s.id && x.times === s.times);
    if (t !== undefined) add(s.id, `${f.name} @${s.id}`, s.points, t.points);
  }
  return out;
}

function upgradeChange(a: Army, b: Army, u: Upgrade, v: Upgrade, older: Dataset, newer: Dataset): PriceChange | null {
  if (u.points === v.points) return null;
  const change: PriceChange = { army: a.id, kind: 'upgrade', id: u.id, size: null, name: u.name, oldPoints: u.points, newPoints: v.points, direction: v.points < u.points ? 'cut' : 'rise' };
  const basis = same([u.repeatable, u.pointsPerDamageCapacity, u.perUnit, u.pairPoints !== undefined], [v.repeatable, v.pointsPerDamageCapacity, v.perUnit, v.pairPoints !== undefined]) ? [] : ['its price basis changed (once or each, per pair, per damage capacity)'];
  const differences = [...armyDifferences(a, b), ...basis, ...(same(priced(u), priced(v)) ? [] : ['what it adds changed']), ...unitDifferences(unitIdsIn(u, older), older, newer)];
  const correction = correctionOf(change);
  if (differences.length > 0) change.notJudged = `not the same upgrade: ${differences.join('; ')}`;
  else if (correction !== undefined) change.notJudged = `a data correction, not a balancing decision: ${correction}`;
  return change;
}

/**
 * Every price that moved between `older` and `newer`, list by list (the lists both have), in the
 * older version's order. An upgrade whose basis changed (flat to "each", per damage capacity) is
 * listed as not judged. `unmatched` counts the items of the older version's shared lists the newer
 * one has no item of that id for (renamed, re-worded or removed): they cannot be followed.
 */
export function priceChanges(older: Dataset, newer: Dataset): { changes: PriceChange[]; unmatched: number; sharedLists: number } {
  const out: PriceChange[] = [];
  let unmatched = 0;
  let sharedLists = 0;
  for (const a of older.armies.values()) {
    const b = newer.armies.get(a.id);
    if (b === undefined) continue;
    sharedLists += 1;
    for (const f of a.formations) {
      const g = b.formations.find((x) => x.id === f.id);
      if (g === undefined) unmatched += 1;
      else out.push(...formationChanges(a, b, f, g, older, newer));
    }
    for (const u of a.upgrades) {
      const v = b.upgrades.find((x) => x.id === u.id);
      if (v === undefined) unmatched += 1;
      const change = v === undefined ? null : upgradeChange(a, b, u, v, older, newer);
      if (change !== null) out.push(change);
    }
  }
  return { changes: out, unmatched, sharedLists };
}
