import type { FormationSpec } from '../../model/formation.js';
import type { FlyingKind } from '../../model/flyingKind.js';
import { hasAbility, type ResolvedUnit, type ResolvedWeapon } from '../../model/resolvedUnit.js';
import type { UnitAbility, WeaponMode } from '../../model/schema.js';
import { meanOf, parseDiceExpr } from '../../sim/diceExpr.js';

/**
 * The datasheet-only description of a formation that the baseline regresses
 * log cost on (datasheetBaseline.ts): what a balancer reads off the army list
 * without rolling a die. In FORMATION_FEATURES' order:
 *
 * - units: log(1 + number of units) (markers of type Special are not units);
 * - infantry share, and 1 when it holds a war engine;
 * - aircraft, spacecraft: 1 for a formation of that kind (its own level of cost);
 * - speed: mean speed in cm over its units (aircraft print a class instead: 0);
 * - armour, close combat, firefight: log(1 + Σ over units of (7 − value)/6), a
 *   unit's chance of a save, of a hit in close combat, of a hit in a firefight
 *   (0 without one);
 * - damage capacity: log(1 + Σ damage capacity, 1 for a unit without one);
 * - shields: log(1 + Σ void shields + mean power fields + shadowfields);
 * - AP and AT hits at 30 cm and at 60 cm: log(1 + Σ over ranged weapons that
 *   reach that far of multiplier × shots × (7 − target)/6), the best mode of
 *   each weapon; a weapon one unit in `sharedBy` carries counts 1/sharedBy;
 * - barrage points: log(1 + Σ barrage points of ranged modes);
 * - macro-weapon hits: log(1 + Σ shots × (7 − MW)/6, or the AP/AT hits of a
 *   mode whose hits are macro-weapons);
 * - titan killer damage: log(1 + Σ shots × mean damage × chance to hit);
 * - AA hits: log(1 + Σ shots × (7 − AA)/6);
 * - extra attacks: log(1 + Σ extra attacks of assault and small-arms weapons);
 * - transport capacity: log(1 + Σ capacity); characters: log(1 + characters joined);
 * - initiative: the formation's initiative rating (the 1+ to 3+ it rolls);
 * - abilities as flags, each the share of units (with the characters joined
 *   to them) having one of: a save beyond armour (invulnerable, reinforced or
 *   thick rear armour, holofield, knight shield, living metal, deflector),
 *   fearless, command (leader, inspiring, commander, supreme commander),
 *   deployment (infiltrator, scout, teleport, planetfall, self-planetfall,
 *   tunneler), mobility (skimmer, jump packs, mounted, walker), expendable
 *   (expendable, grot), technology (regeneration, automaton, necron,
 *   markerlights, first strike, sniper).
 *
 * Sums over units are logged because cost grows with them roughly in
 * proportion, and it is log cost that is regressed.
 */
export function formationFeatures(spec: FormationSpec, kind: FlyingKind): number[] {
  const units = spec.units.filter((u) => u.unit.type !== 'Special');
  const n = Math.max(1, units.length);
  const sum = (f: (u: ResolvedUnit) => number) => units.reduce((t, u) => t + f(u), 0);
  const share = (abilities: UnitAbility[]) => units.filter((u) => abilities.some((a) => hasAbility(u, a))).length / n;
  const l = Math.log1p;
  const weaponSum = (f: (m: WeaponMode) => number) => sum((u) => [...u.weapons, ...u.characterWeapons].reduce((t, w) => t + carried(w) * Math.max(0, ...w.weapon.modes.map(f)), 0));
  const ranged = (reach: number, target: (m: WeaponMode) => number | undefined) => (m: WeaponMode) => (m.kind === 'ranged' && m.range >= reach ? shots(m) * chance(target(m)) : 0);
  return [
    l(units.length),
    units.filter((u) => u.unit.type === 'INF').length / n,
    units.some((u) => u.unit.type === 'WE' || u.unit.type === 'AC/WE') ? 1 : 0,
    kind === 'aircraft' ? 1 : 0,
    kind === 'spacecraft' ? 1 : 0,
    sum((u) => u.unit.speed) / n,
    l(sum((u) => chance(u.unit.armour))),
    l(sum((u) => chance(u.unit.cc))),
    l(sum((u) => chance(u.unit.ff))),
    l(sum((u) => u.unit.damageCapacity ?? 1)),
    l(sum((u) => (u.unit.voidShields ?? 0) + (u.unit.powerFields !== undefined ? meanOf(parseDiceExpr(u.unit.powerFields)) : 0) + (u.unit.shadowfields ?? 0))),
    l(weaponSum(ranged(30, (m) => m.ap))),
    l(weaponSum(ranged(30, (m) => m.at))),
    l(weaponSum(ranged(60, (m) => m.ap))),
    l(weaponSum(ranged(60, (m) => m.at))),
    l(weaponSum((m) => (m.kind === 'ranged' && m.bp !== undefined ? meanOf(parseDiceExpr(m.bp)) : 0))),
    l(weaponSum((m) => shots(m) * Math.max(chance(m.mw), m.macroWeapon ? Math.max(chance(m.ap), chance(m.at)) : 0))),
    l(weaponSum((m) => (m.titanKiller !== undefined ? shots(m) * meanOf(parseDiceExpr(m.titanKiller)) * (m.kind === 'ranged' ? Math.max(chance(m.ap), chance(m.at), chance(m.mw)) : 1) : 0))),
    l(weaponSum((m) => shots(m) * chance(m.aa))),
    l(weaponSum((m) => (m.kind !== 'ranged' && m.extraAttacks !== undefined ? meanOf(parseDiceExpr(m.extraAttacks)) : 0))),
    l(sum((u) => u.unit.transport ?? 0)),
    l(sum((u) => u.characters.length)),
    spec.initiative,
    share(['invulnerable-save', 'reinforced-armour', 'thick-rear-armour', 'holofield', 'knight-shield', 'living-metal', 'deflector-shield']),
    share(['fearless']),
    share(['leader', 'inspiring', 'commander', 'supreme-commander']),
    share(['infiltrator', 'scout', 'teleport', 'planetfall', 'self-planetfall', 'tunneler']),
    share(['skimmer', 'jump-packs', 'mounted', 'walker']),
    share(['expendable', 'grot']),
    share(['regeneration', 'automaton', 'necron', 'markerlights', 'first-strike', 'sniper']),
  ];
}

/** The features' names, in formationFeatures' order (for the report and --json). */
export const FORMATION_FEATURES = [
  'units', 'infantry share', 'war engine', 'aircraft', 'spacecraft', 'speed', 'armour', 'close combat', 'firefight', 'damage capacity', 'shields',
  'AP hits at 30 cm', 'AT hits at 30 cm', 'AP hits at 60 cm', 'AT hits at 60 cm', 'barrage points', 'macro-weapon hits', 'titan killer damage', 'AA hits',
  'extra attacks', 'transport capacity', 'characters', 'initiative',
  'saves beyond armour', 'fearless', 'command', 'deployment', 'mobility', 'expendable', 'technology',
] as const;

/** A to-hit or save value's chance on a D6, (7 − value)/6; 0 when there is none. */
function chance(v: number | null | undefined): number {
  return v === null || v === undefined ? 0 : (7 - v) / 6;
}

/** Mean shots of a mode (a dice expression's mean for "D3 x"). */
function shots(m: WeaponMode): number {
  return meanOf(parseDiceExpr(m.shots));
}

/** How many of a weapon one unit carries on average: its multiplier's mean, over `sharedBy`. */
function carried(w: ResolvedWeapon): number {
  const k = typeof w.multiplier === 'number' ? w.multiplier : meanOf(parseDiceExpr(w.multiplier));
  return k / (w.sharedBy ?? 1);
}
