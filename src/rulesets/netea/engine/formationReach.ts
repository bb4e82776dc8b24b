import type { FormationSpec } from '../../../model/formation.js';
import type { WeaponMode } from '../../../model/schema.js';
import { formationSpeed } from './formationSpeed.js';

/**
 * How far off a formation can hit a ground formation in its own turn, in cm: the farthest of
 * - an advance: it moves up to its speed, then shoots with its longest-ranged weapon that can
 *   attack ground targets (RB 1.7 and 1.9: an advance is a move then a shot; a mode with AP, AT,
 *   MW or barrage points; AA alone cannot hit a ground formation, RB 4.2.4);
 * - a barrage without moving: an indirect-fire weapon's range doubled, fired only on a sustained
 *   fire action, which does not move (RB 1.9.8; TP Indirect Fire);
 * - a charge: its speed (RB 1.12, the engage action's charge move; infiltrators' doubled charge
 *   is left out, as formationSpeed.ts leaves it).
 * Small arms and assault weapons fight only in assaults (RB 1.12.3) and engage-only weapons
 * only on an engage action (TP Knight Technology), so they give no reach. The speed is the
 * formation's (formationSpeed.ts: its slowest unit, a passenger at its transport's). Markers
 * (type Special) carry no weapons that fire.
 *
 *   reach = max(v, max over modes (v + R), max over indirect modes 2·R)
 */
export function formationReach(f: FormationSpec, speed: number = formationSpeed(f)): number {
  return farthestGroundAttack(f, speed, (m) => Math.max(speed + m.range, m.indirectFire ? 2 * m.range : 0));
}

/**
 * How far off a formation can hit a ground formation that cannot see it, in cm: an indirect-fire
 * weapon's range doubled, since a barrage needs no line of fire (RB 1.9.8; TP Indirect Fire),
 * or else its speed, the charge (RB 1.12). Direct fire is left out: a line of fire runs both ways,
 * so a gun that reaches its target can be shot back at by one of equal range. Without indirect
 * fire this is the formation's speed, and the reach initiative is the speed initiative.
 *
 *   reach = max(v, max over indirect modes 2·R)
 */
export function indirectReach(f: FormationSpec, speed: number = formationSpeed(f)): number {
  return farthestGroundAttack(f, speed, (m) => (m.indirectFire ? 2 * m.range : 0));
}

/**
 * The most of `start` and `reach(mode)` over the formation's ranged modes that can attack a ground
 * formation (AP, AT, MW or barrage points; not engage-only), markers (type Special) left out.
 */
function farthestGroundAttack(f: FormationSpec, start: number, reach: (mode: WeaponMode) => number): number {
  let farthest = start;
  for (const ru of f.units) {
    if (ru.unit.type === 'Special') continue;
    for (const w of [...ru.weapons, ...ru.characterWeapons]) {
      for (const m of w.weapon.modes) {
        if (m.kind !== 'ranged' || m.engageOnly) continue;
        if (m.ap === undefined && m.at === undefined && m.mw === undefined && m.bp === undefined) continue;
        farthest = Math.max(farthest, reach(m));
      }
    }
  }
  return farthest;
}
