import type { ResolvedUnit } from '../../../../model/formation.js';
import { hasAbility } from '../../../../model/resolvedUnit.js';
import { endPhaseShieldRepairs, startingDamageCapacity, startingVoidShields } from '../../../../model/carriages.js';
import type { Unit, UnitAbility } from '../../../../model/schema.js';
import { parseDiceExpr } from '../../../../sim/diceExpr.js';
import { OFF_TABLE } from '../aerospace/arrival.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import type { PlacedFormation } from '../../model/spec.js';
import { fillCover } from './cover.js';

/** Formation f's profile: where it stands, its Blast markers, its army rules as flags, its points. */
export function fillFormation(e: Engagement, f: number, pf: PlacedFormation, firstUnit: number): void {
  const spec = pf.formation;
  e.fUnitStart[f] = firstUnit;
  e.fSide[f] = pf.side;
  e.fFrontStart[f] = pf.offTable === true ? OFF_TABLE : pf.front;
  e.fBmStart[f] = pf.blastMarkers;
  e.fBrokenStart[f] = pf.broken ? 1 : 0;
  e.fTsknf[f] = spec.rules.includes('they-shall-know-no-fear') ? 1 : 0;
  e.fMobRule[f] = spec.rules.includes('mob-rule') ? 1 : 0;
  e.fWaaagh[f] = spec.rules.includes('power-of-the-waaagh') ? 1 : 0;
  e.fBravery[f] = spec.rules.includes('bravery') ? 1 : 0;
  e.fIronWilled[f] = spec.rules.includes('iron-willed') ? 1 : 0;
  e.fUnblooded[f] = spec.rules.includes('unblooded') ? 1 : 0;
  e.fImplacable[f] = spec.rules.includes('implacable-advance') ? 1 : 0;
  e.fHiveMind[f] = spec.rules.includes('the-hive-mind') ? 1 : 0;
  e.fInitiative[f] = spec.initiative;
  e.fStrategy[f] = spec.strategyRating ?? 0;
  e.fPoints[f] = spec.points ?? 0;
  e.fAllExpendable[f] = spec.units.every((u) => hasAbility(u, 'expendable')) ? 1 : 0;
  e.fHasNonGrot[f] = spec.units.some((u) => !hasAbility(u, 'grot')) ? 1 : 0;
}

/** Unit g's profile (unit i of formation f): class, values, shields, place in the ranks, abilities as flags (U_*), cover. */
export function fillUnit(e: Engagement, g: number, f: number, i: number, ru: ResolvedUnit, pf: PlacedFormation): void {
  const u: Unit = ru.unit;
  e.uFormation[g] = f;
  const isWE = u.type === 'WE' || u.type === 'AC/WE';
  const flies = u.type === 'AC' || u.type === 'AC/WE' || u.type === 'SC';
  e.uClass[g] =
    u.type === 'INF' || u.type === 'CH' ? C.CLASS_INF
    : u.type === 'LV' ? C.CLASS_LV
    : u.type === 'AV' ? C.CLASS_AV
    : flies ? C.CLASS_AIR
    : isWE ? C.CLASS_WE
    : C.CLASS_AIR;
  e.uArmour[g] = u.armour ?? C.NONE;
  e.uCC[g] = u.cc ?? C.NONE;
  e.uFF[g] = u.ff ?? C.NONE;
  // A Land Train's carriages add their damage capacity and void shields (TP, model/carriages.ts).
  e.uStartDC[g] = isWE ? startingDamageCapacity(ru) : 1;
  e.uShields[g] = startingVoidShields(ru);
  e.uShieldRepair[g] = e.uShields[g]! > 0 ? endPhaseShieldRepairs(ru) : 0;
  if (u.powerFields !== undefined) {
    const t = parseDiceExpr(u.powerFields);
    e.uPfN[g] = t.n;
    e.uPfSides[g] = t.sides;
    e.uPfPlus[g] = t.plus;
  }
  // An embarked unit stands where its transport stands; the others keep their order in the ranks.
  const slot = e.transports.uSlot[g]!;
  const rank = Math.floor(slot / pf.rankWidth);
  const file = slot % pf.rankWidth;
  e.uDepth[g] = rank * pf.spacing;
  e.uLateral[g] = file * pf.spacing;
  e.uSpeed[g] = u.speed;
  e.uPoints[g] = ru.points ?? 0;

  let flags = 0;
  const has = (a: UnitAbility) => hasAbility(ru, a);
  if (has('reinforced-armour')) flags |= C.U_REINFORCED;
  if (has('thick-rear-armour')) flags |= C.U_THICK_REAR;
  if (has('fearless')) flags |= C.U_FEARLESS;
  if (has('leader') || has('supreme-commander')) flags |= C.U_LEADER;
  if (has('inspiring')) flags |= C.U_INSPIRING;
  if (has('expendable')) flags |= C.U_EXPENDABLE;
  if (has('grot')) flags |= C.U_GROT;
  if (has('mounted')) flags |= C.U_MOUNTED;
  if (has('skimmer')) flags |= C.U_SKIMMER;
  if (has('first-strike')) flags |= C.U_FIRST_STRIKE;
  if (has('commander') || has('supreme-commander')) flags |= C.U_COMMANDER;
  if (has('supreme-commander')) flags |= C.U_SUPREME;
  if (has('support-craft')) flags |= C.U_SUPPORT_CRAFT;
  if (has('infiltrator')) flags |= C.U_INFILTRATOR;
  if (isWE) flags |= C.U_WAR_ENGINE;
  if (u.type === 'AC' || u.type === 'AC/WE') flags |= C.U_AIRCRAFT;
  if (u.aircraftSpeed === 'fighter' || u.aircraftSpeed === 'fighter-bomber') flags |= C.U_JINKS;
  if (u.type === 'SC') flags |= C.U_SPACECRAFT;
  if (has('not-counted-for-mob-rule')) flags |= C.U_NO_MOB_RULE;
  if (has('regeneration') && isWE) flags |= C.U_REGENERATES;
  if (has('automaton')) flags |= C.U_AUTOMATON;
  if (has('markerlights')) flags |= C.U_MARKERLIGHT;
  if (has('necron')) flags |= C.U_NECRON;
  if (pf.formation.rules.includes('they-shall-know-no-fear') && !isWE) flags |= C.U_TSKNF;
  const ranged = [...ru.weapons, ...ru.characterWeapons].some((w) => w.weapon.modes.some((m) => m.kind !== 'assault'));
  if (!ranged) flags |= C.U_CC_ONLY;
  e.uFlags[g] = fillCover(e, g, i, pf, flags);
  e.saves.fillUnit(g, ru, e.uArmour[g]!);
  e.swarm.fillUnit(g, ru);
  const isLeader = (x: Unit) => x.abilities.includes('leader') || x.abilities.includes('supreme-commander');
  e.uLeaders[g] = (isLeader(u) ? 1 : 0) + ru.characters.filter(isLeader).length;
}
