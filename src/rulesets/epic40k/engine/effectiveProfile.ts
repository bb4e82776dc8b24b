import type { Unit } from '../model/schema.js';
import { parseDiceExpr } from '../../../sim/diceExpr.js';
import type { Epic40kOrder } from '../model/spec.js';

/**
 * A unit's values as the rules use them: the printed profile modified by its
 * abilities (L1372-1450) and its detachment's orders (L920-942). Computed once
 * per scenario, never in the trial loop.
 */
export interface EffectiveProfile {
  armour: number;
  /** Normal firepower counted into the detachment total. */
  firepower: number;
  rangeMin: number;
  rangeMax: number;
  /** Assault as a dice triple: `assaultN` dice of `assaultSides` plus `assault`. */
  assault: number;
  assaultN: number;
  assaultSides: number;
  /** Super-heavy and special weapons (L1109-1128, L1318-1370). */
  antiTank: number;
  deathRay: number;
  pulsar: number;
  distortion: number;
  megaCannon: number;
  disrupt: number;
  /** Barrage: 1, Heavy Barrage: 2 (firepower per unit under the template, L1328, L1348). */
  barrage: number;
  save: boolean;
  /** Close-combat dice (Rampage: 2, L1424). */
  ccDice: number;
  rampage: boolean;
  closeSupport: boolean;
  psyker: boolean;
  stubborn: boolean;
  /** Counts as infantry for the cover armour bonus (cavalry count as vehicles, L1390). */
  infantry: boolean;
  warEngine: boolean;
  damageCapacity: number;
  shields: number;
  voidShields: boolean;
  speed: number;
  /** Charge move multiple (L1168: infantry 2x; Cavalry and Jump Packs 3x, L1390, L1416). */
  chargeMultiple: number;
}

const has = (u: Unit, a: Unit['abilities'][number]) => u.abilities.includes(a);

/**
 * Heavy Weapons: +1 firepower, range 45 cm, Assault halved rounding up, no
 * Rapid Fire (L1404, L1428). Assault ability: +1 Assault, range 15 cm
 * (L1376). Hero: a Save and Assault doubled (L1408). Cavalry: +1 Armour, at
 * most 6, counts as a vehicle (L1390). Rapid Fire: firepower doubled on
 * Overwatch (L1428).
 */
export function effectiveProfile(u: Unit, order: Epic40kOrder, armourCap: boolean): EffectiveProfile {
  const heavy = has(u, 'heavy-weapons');
  const fp = u.firepower;
  let firepower = fp.kind === 'normal' ? fp.value : 0;
  if (heavy && fp.kind === 'normal') firepower += 1;
  if (order === 'overwatch' && has(u, 'rapid-fire') && !heavy && !has(u, 'no-rapid-fire')) firepower *= 2;
  let rangeMin = u.range?.min ?? 0;
  let rangeMax = u.range?.max ?? 0;
  if (heavy) rangeMax = Math.max(rangeMax, 45);
  if (has(u, 'assault') && u.range !== null) rangeMax = Math.min(rangeMax, 15);
  if (u.range === null) rangeMin = rangeMax = 0;
  const dice = parseDiceExpr(u.assault);
  let assault = dice.plus;
  if (has(u, 'hero')) assault *= 2;
  if (has(u, 'assault')) assault += 1;
  if (heavy) assault = Math.ceil(assault / 2);
  let armour = u.armour;
  const cavalry = has(u, 'cavalry');
  if (cavalry) armour += 1;
  if (armourCap) armour = Math.min(armour, 6);
  const warEngine = u.kind === 'war-engine';
  return {
    armour,
    firepower,
    rangeMin,
    rangeMax,
    assault,
    assaultN: dice.n,
    assaultSides: dice.sides,
    antiTank: fp.kind === 'anti-tank' ? fp.shots : 0,
    deathRay: fp.kind === 'death-ray' ? fp.shots : 0,
    pulsar: fp.kind === 'pulsar' ? fp.weapons : 0,
    distortion: fp.kind === 'distortion' ? fp.weapons : 0,
    megaCannon: fp.kind === 'mega-cannon' ? fp.weapons : 0,
    disrupt: fp.kind === 'disrupt' ? 1 : 0,
    barrage: fp.kind === 'barrage' ? 1 : fp.kind === 'heavy-barrage' ? 2 : 0,
    save: has(u, 'save') || has(u, 'hero'),
    ccDice: has(u, 'rampage') ? 2 : 1,
    rampage: has(u, 'rampage'),
    closeSupport: has(u, 'close-support'),
    psyker: has(u, 'psyker'),
    stubborn: has(u, 'stubborn'),
    infantry: u.kind === 'infantry' && !cavalry,
    warEngine,
    damageCapacity: warEngine ? (u.damageCapacity ?? 1) : 1,
    shields: u.shields?.points ?? 0,
    voidShields: u.shields?.kind === 'void',
    speed: u.speed ?? 0,
    chargeMultiple: u.kind === 'infantry' ? (cavalry || has(u, 'jump-packs') ? 3 : 2) : 1,
  };
}
