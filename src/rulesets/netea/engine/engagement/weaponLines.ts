import type { ResolvedWeapon } from '../../../../model/formation.js';
import { hasAbility } from '../../../../model/resolvedUnit.js';
import type { CriticalPart } from '../../../../model/schema.js';
import { meanOf, parseDiceExpr, type DiceTriple } from '../../../../sim/diceExpr.js';
import * as C from '../codes.js';
import { CriticalTable } from '../criticals/criticalTable.js';
import type { Engagement } from '../engagement.js';
import type { PlacedFormation, Step } from '../../model/spec.js';
import type { CarriageSpec, LineSpec, UnitLines } from './unitLines.js';

/** A spacecraft weapon named a pin-point attack (RB 4.3.4: war engines only). */
const PIN_POINT = /pin-?point/i;

/**
 * The lines: each mode of each weapon (and of each joined character's weapons). A mode usable
 * only after an engage action (TP Knight Technology: Power and Shock Lances) is a line only for
 * the formations that charge in one of the engagement's assaults.
 */
export function collectLines(forms: readonly PlacedFormation[], steps: readonly Step[]): UnitLines {
  const engages = forms.map((_, f) => steps.some((s) => s.kind === 'assault' && s.by.includes(f)));
  const lineSpecs: LineSpec[] = [];
  const critParts: CriticalPart[] = [];
  let critRows = 0;
  let group = 0;
  let g = 0;
  const perUnitLines: [number, number][] = [];
  const perUnitCrits: [number, number][] = [];
  const groupRanges: [number, number][] = [];
  const perUnitGroups: [number, number][] = [];
  const carriages: CarriageSpec[] = [];
  for (const [f, units] of forms.map((p) => p.formation.units).entries()) {
    const seen = new Map<string, number>();
    for (const ru of units) {
      const nth = seen.get(ru.unit.id) ?? 0;
      seen.set(ru.unit.id, nth + 1);
      const start = lineSpecs.length;
      const gStart = groupRanges.length;
      const sniper = hasAbility(ru, 'sniper');
      const missWeapons = (ru.unit.critical?.parts ?? []).flatMap((p) => (p.kind === 'damage-on-miss' ? [p.weapon.toLowerCase()] : []));
      // TP Land Train: each character is a carriage; its weapons are among characterWeapons, in the characters' order.
      // A carriage without weapons (the Iron Eagle Battlecar) is one all the same.
      const hasCarriages = ru.unit.abilities.includes('carriages');
      const owner = hasCarriages ? [...ru.weapons.map(() => -1), ...ru.characters.flatMap((c, k) => c.weapons.map(() => carriages.length + k))] : [];
      for (const c of hasCarriages ? ru.characters : []) carriages.push({ unit: g, dc: c.damageCapacity ?? 0, shields: c.voidShields ?? 0, extraRepairs: c.extraShieldRepairs ?? 0, lineStart: -1, lineEnd: -1 });
      for (const [wi, w] of ([...ru.weapons, ...ru.characterWeapons] as ResolvedWeapon[]).entries()) {
        // RB 5.2.1: "one unit in every two has an autocannon": every sharedBy-th unit carries it.
        if (w.sharedBy !== undefined && nth % w.sharedBy !== 0) continue;
        if (w.multiplier === 0) continue;
        const carriage = hasCarriages ? carriages[owner[wi]!] : undefined;
        if (carriage !== undefined && carriage.lineStart < 0) carriage.lineStart = lineSpecs.length;
        const missDamage = missWeapons.includes(w.weapon.name.toLowerCase());
        let groupStart = lineSpecs.length;
        w.weapon.modes.forEach((mode, mi) => {
          if (mode.engageOnly && !engages[f]) return;
          // A mode used together with the previous one fires as a weapon of its own.
          if (mi > 0 && mode.combinedWithPrevious) {
            groupRanges.push([groupStart, lineSpecs.length]);
            group++;
            groupStart = lineSpecs.length;
          }
          lineSpecs.push({ unit: g, group, mode, multiplier: w.multiplier, arc: w.arc, unitSniper: sniper, pinPoint: ru.unit.type === 'SC' && PIN_POINT.test(`${w.weapon.id} ${w.weapon.name}`), carriage: carriage !== undefined, missDamage });
        });
        groupRanges.push([groupStart, lineSpecs.length]);
        group++;
        if (carriage !== undefined) carriage.lineEnd = lineSpecs.length;
      }
      for (const c of carriages) if (c.lineStart < 0) c.lineStart = c.lineEnd = lineSpecs.length;
      perUnitLines.push([start, lineSpecs.length]);
      perUnitGroups.push([gStart, groupRanges.length]);
      const cstart = critRows;
      for (const part of ru.unit.critical?.parts ?? []) {
        critParts.push(part);
        critRows += CriticalTable.rowsOf(part);
      }
      perUnitCrits.push([cstart, critRows]);
      g++;
    }
  }
  return { lineSpecs, groupRanges, critParts, perUnitLines, perUnitGroups, perUnitCrits, carriages };
}

/** Weapon line i from its spec: its dice, to-hit values, abilities as flags (W_*) and the flags its hits carry (H_*). */
export function fillLine(e: Engagement, i: number, line: LineSpec): void {
  const { unit, group, mode, multiplier, arc, unitSniper, pinPoint, carriage, missDamage } = line;
  e.wUnit[i] = unit;
  e.wGroup[i] = group;
  e.wKind[i] = mode.kind === 'ranged' ? C.KIND_RANGED : mode.kind === 'small-arms' ? C.KIND_SMALL_ARMS : C.KIND_ASSAULT;
  e.wRange[i] = mode.range;
  const shots = parseDiceExpr(mode.shots);
  const mult = parseDiceExpr(multiplier);
  let combined: DiceTriple;
  let times = 1;
  if (mult.n === 0) {
    // m independent rolls of (n dice + plus) = m*n dice + m*plus.
    combined = { n: shots.n * mult.plus, sides: shots.sides, plus: shots.plus * mult.plus };
  } else if (shots.n === 0) {
    combined = mult;
    times = shots.plus;
  } else {
    throw new Error(`a dice multiplier on a dice firepower is not supported (${JSON.stringify(multiplier)} x ${JSON.stringify(mode.shots)})`);
  }
  e.wShotsN[i] = combined.n;
  e.wShotsSides[i] = combined.sides;
  e.wShotsPlus[i] = combined.plus;
  e.wShotsTimes[i] = times;
  e.wAP[i] = mode.ap ?? C.NONE;
  e.wAT[i] = mode.at ?? C.NONE;
  e.wMW[i] = mode.mw ?? C.NONE;
  e.air.wAA[i] = mode.aa ?? C.NONE;
  if (mode.bp !== undefined) {
    const bp = parseDiceExpr(mode.bp);
    e.wBpN[i] = bp.n;
    e.wBpSides[i] = bp.sides;
    e.wBpPlus[i] = bp.plus;
  }
  if (mode.titanKiller !== undefined) {
    const tk = parseDiceExpr(mode.titanKiller);
    e.wTkN[i] = tk.n;
    e.wTkSides[i] = tk.sides;
    e.wTkPlus[i] = tk.n === 0 && tk.plus === 0 ? 1 : tk.plus;
    e.wTkMean[i] = meanOf({ n: e.wTkN[i]!, sides: e.wTkSides[i]!, plus: e.wTkPlus[i]! });
  }
  if (mode.extraAttacks !== undefined) {
    const ex = parseDiceExpr(mode.extraAttacks);
    e.wExN[i] = ex.n;
    e.wExSides[i] = ex.sides;
    e.wExPlus[i] = ex.plus;
  }
  let flags = 0;
  if (mode.macroWeapon || mode.mw !== undefined) flags |= C.W_MACRO;
  if (mode.ignoreCover) flags |= C.W_IGNORE_COVER;
  if (mode.disrupt) flags |= C.W_DISRUPT;
  if (mode.lance) flags |= C.W_LANCE;
  if (mode.sniper || (unitSniper && mode.kind === 'ranged')) flags |= C.W_SNIPER;
  if (mode.singleShot) flags |= C.W_SINGLE_SHOT;
  if (mode.slowFiring) flags |= C.W_SLOW_FIRING;
  if (mode.indirectFire) flags |= C.W_INDIRECT;
  if (mode.firstStrike) flags |= C.W_FIRST_STRIKE;
  if (mode.guidedMissile) flags |= C.W_GUIDED;
  if (arc === 'rear') flags |= C.W_REAR_ARC;
  if (pinPoint) flags |= C.W_PIN_POINT;
  if (carriage) flags |= C.W_CARRIAGE;
  if (missDamage) flags |= C.W_MISS_DAMAGE;
  e.wFlags[i] = flags;
  let hit = 0;
  if (mode.macroWeapon) hit |= C.H_MW;
  if (mode.titanKiller !== undefined) hit |= C.H_TK | C.H_MW;
  if (mode.ignoreCover) hit |= C.H_IGNORE_COVER;
  if (mode.lance) hit |= C.H_LANCE;
  if ((flags & C.W_SNIPER) !== 0) hit |= C.H_SNIPER;
  if (mode.disrupt) hit |= C.H_DISRUPT;
  e.wHitFlags[i] = hit;
}

/** RB 4.3.4: a spacecraft's pin-point attacks may only be made on war engines. */
export function pinPointMask(lineFlags: number, mask: number): number {
  return (lineFlags & C.W_PIN_POINT) !== 0 ? mask & C.CLASS_WE : mask;
}
