import type { Dataset } from './dataset.js';
import { formationTextError } from './inputError.js';
import type { Formation, FormationAlternative, UnitCount, UnitPrice } from './schema.js';
import { optionKey } from './optionKey.js';

/**
 * The other compositions a formation's list allows (Formation.alternatives: "Eight Fire Warriors
 * or Six Fire Warriors and three Devilfish", "Four or six Ravagers", 250 or 350 points), picked
 * with `@<id>` beside the options of its choices (`tyranid/tyranid-swarm@tyranid-warriors,termagants`),
 * and the prices the list gives per unit of a choice (Formation.unitPrices, Upgrade.unitPrices:
 * `armoured-company@chaos-land-raider` is four Land Raiders at 75 points, 300).
 */

/** The alternative an `@` option names, by id or by name. */
export function alternativeNamed(f: Formation, option: string): FormationAlternative | undefined {
  const want = optionKey(option);
  return f.alternatives?.find((a) => a.id === want || optionKey(a.name) === want);
}

/** What `units` cost at the list's per-unit prices (units without one cost nothing here). */
export function unitPricesOf(prices: UnitPrice[] | undefined, units: UnitCount[]): number {
  return units.reduce((t, u) => t + (prices?.find((p) => p.unit === u.unit)?.points ?? 0) * u.count, 0);
}

/**
 * `units` (the formation with its choices picked) with the picked alternatives in place of the
 * default units each replaces, the formation's points for them (an alternative priced apart
 * sets them), and what was fielded, in a sentence (null for a formation without alternatives).
 */
export function applyAlternatives(data: Dataset, f: Formation, units: UnitCount[], picked: FormationAlternative[], text: string): { units: UnitCount[]; points: number; said: string | null } {
  const nameOf = (id: string) => data.units.get(id)?.name ?? id;
  const list = (us: UnitCount[]) => us.map((u) => `${u.count} ${nameOf(u.unit)}`).join(', ');
  const fielded = (a: FormationAlternative) => (a.units.length === 0 ? `${a.name} (terrain, not units: not fielded)` : list(a.units));
  const out = [...units];
  const priced = picked.filter((a) => a.points !== undefined);
  if (priced.length > 1) throw formationTextError(text, `alternatives ${priced.map((a) => `"@${a.id}"`).join(', ')} of formation "${f.id}" are priced apart; pick one of them`);
  for (const a of picked) {
    const at = a.replaces.map((r) => out.findIndex((u) => u.unit === r.unit && u.count === r.count));
    const missing = a.replaces.find((_, k) => at[k]! < 0);
    if (missing !== undefined) throw formationTextError(text, `"@${a.id}" fields ${list(a.units)} instead of ${list([missing])}, which another pick of formation "${f.id}" has already replaced; pick one of ${f.alternatives!.map((x) => `"@${x.id}"`).join(', ')}`);
    for (const k of [...at].sort((x, y) => y - x)) out.splice(k, 1);
    out.splice(Math.min(...at), 0, ...a.units);
  }
  const alternatives = f.alternatives ?? [];
  const said =
    alternatives.length === 0
      ? null
      : picked.length > 0
        ? picked.map((a) => `${fielded(a)} instead of ${list(a.replaces)} (as picked)`).join('; ')
        : `${list(alternatives[0]!.replaces)} (the list's first composition; ${alternatives.map((a) => `@${a.id}`).join(', ')} field${alternatives.length > 1 ? '' : 's'} the ${alternatives.length > 1 ? 'others' : 'other'})`;
  return { units: out, points: priced[0]?.points ?? f.points, said };
}

/** An upgrade's points for the options picked, where the list prices them per unit ("+extra-chaos-predator-or-chaos-land-raider@chaos-land-raider": 75). */
export function pickedUpgradePoints(prices: UnitPrice[] | undefined, points: number, offered: UnitCount[], picked: UnitCount[]): number {
  return prices === undefined ? points : points + unitPricesOf(prices, picked) - unitPricesOf(prices, offered);
}

/**
 * The `@` options that name alternatives, and the others (for the formation's choices and
 * loadouts); an option naming the default an alternative stands against (`havocs@chaos-rhino`)
 * picks the default, and goes.
 */
export function splitAlternatives(data: Dataset, f: Formation, options: string[]): { alternatives: FormationAlternative[]; rest: string[] } {
  const alternatives: FormationAlternative[] = [];
  const rest: string[] = [];
  const names = (id: string, want: string) => id === want || optionKey(data.units.get(id)?.name ?? id) === want;
  for (const o of options) {
    const a = alternativeNamed(f, o);
    const isDefault = f.alternatives?.some((x) => x.replaces.some((r) => names(r.unit, optionKey(o)))) === true && !f.choices.some((c) => c.from.some((id) => names(id, optionKey(o))));
    if (a !== undefined) alternatives.push(a);
    else if (!isDefault) rest.push(o);
  }
  return { alternatives, rest };
}
