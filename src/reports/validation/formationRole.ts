import type { FormationSpec } from '../../model/formation.js';
import type { FlyingKind } from '../../model/flyingKind.js';
import { hasAbility, type ResolvedUnit } from '../../model/resolvedUnit.js';

/** What a formation is for on the table, read off its datasheet (formationRole). */
export type FormationRole =
  | 'aircraft'
  | 'spacecraft'
  | 'war engines'
  | 'characters'
  | 'artillery'
  | 'infantry companies'
  | 'skimmers'
  | 'fast assault'
  | 'transports'
  | 'armour'
  | 'infantry'
  | 'light vehicles';

/**
 * A formation's role, so that the blind spots (blindSpots.ts) point at a cause
 * rather than a formation. The first rule that holds decides, in this order:
 *
 * 1. aircraft, spacecraft: its kind;
 * 2. war engines: a unit of type WE;
 * 3. infantry companies: 8 infantry units or more (a company's command unit
 *    does not make it a character formation);
 * 4. artillery: half of its units or more carry a ranged weapon with barrage
 *    points or indirect fire;
 * 5. characters: a character joined to one of its units, or a unit with the
 *    supreme-commander ability (a headquarters);
 * 6. skimmers: half of its units or more are skimmers;
 * 7. fast assault: half of its units or more move 30 cm or more, or have jump
 *    packs or the mounted ability;
 * 8. transports: it carries its own infantry (infantry beside units with a
 *    transport capacity);
 * 9. armour, infantry, light vehicles: the type most of its units have.
 */
export function formationRole(spec: FormationSpec, kind: FlyingKind): FormationRole {
  if (kind !== 'ground') return kind;
  const units = spec.units.filter((u) => u.unit.type !== 'Special');
  const half = (test: (u: ResolvedUnit) => boolean) => units.filter(test).length * 2 >= units.length && units.length > 0;
  const count = (type: string) => units.filter((u) => u.unit.type === type).length;
  if (units.some((u) => u.unit.type === 'WE')) return 'war engines';
  if (count('INF') >= 8) return 'infantry companies';
  if (half((u) => u.weapons.some((w) => w.weapon.modes.some((m) => m.kind === 'ranged' && (m.bp !== undefined || m.indirectFire))))) return 'artillery';
  if (units.some((u) => u.characters.length > 0 || hasAbility(u, 'supreme-commander'))) return 'characters';
  if (half((u) => hasAbility(u, 'skimmer'))) return 'skimmers';
  if (half((u) => u.unit.speed >= 30 || hasAbility(u, 'jump-packs') || hasAbility(u, 'mounted'))) return 'fast assault';
  if (count('INF') > 0 && units.some((u) => (u.unit.transport ?? 0) > 0)) return 'transports';
  const av = count('AV');
  const inf = count('INF');
  const lv = count('LV');
  return av >= inf && av >= lv ? 'armour' : inf >= lv ? 'infantry' : 'light vehicles';
}
