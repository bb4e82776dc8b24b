import type { EngagementSpec } from '../model/spec.js';
import { placedAsPlayed } from './boughtPositions.js';
import { Engagement } from './engagement.js';
import { fillAntiAircraft } from './engagement/antiAircraft.js';
import { fillCanonicalGroups } from './engagement/canonicalGroups.js';
import { fillChoice, fillFailChances } from './engagement/firepowerChoice.js';
import { fillFormationSummary, fillOrders } from './engagement/formationSummary.js';
import type { UnitLines } from './engagement/unitLines.js';
import { fillFormation, fillUnit } from './engagement/unitProfile.js';
import { fillRanges } from './engagement/unitReach.js';
import { collectLines, fillLine } from './engagement/weaponLines.js';

/** An engagement compiled from its spec: every array allocated once, the static ones filled. */
export function compileEngagement(spec: EngagementSpec): Engagement {
  const lines = collectLines(spec.formations, spec.steps);
  return new Engagement(spec, lines, (e) => fillStatic(e, spec, lines));
}

/**
 * The static arrays, in the order each step needs the ones before it: formations and units
 * (their lines', groups' and critical rows' ranges), the save chances, the weapon lines, each
 * group's barrage mode, the units' ranges, the formations' summaries, the firepower choices,
 * the anti-aircraft lines and the groups the choice memo treats as one.
 */
function fillStatic(e: Engagement, spec: EngagementSpec, lines: UnitLines): void {
  const { lineSpecs, perUnitLines, perUnitGroups, perUnitCrits } = lines;
  const nF = e.nFormations;
  let g = 0;
  for (let f = 0; f < nF; f++) {
    const pf = placedAsPlayed(spec, f);
    fillFormation(e, f, pf, g);
    for (let i = 0; i < pf.formation.units.length; i++) {
      const ru = pf.formation.units[i]!;
      fillUnit(e, g, f, i, ru, pf);
      e.uLineStart[g] = perUnitLines[g]![0];
      e.uLineEnd[g] = perUnitLines[g]![1];
      e.uCritStart[g] = perUnitCrits[g]![0];
      e.uCritEnd[g] = perUnitCrits[g]![1];
      e.uGroupStart[g] = perUnitGroups[g]![0];
      e.uGroupEnd[g] = perUnitGroups[g]![1];
      g++;
    }
    e.fUnitEnd[f] = g;
    fillOrders(e, f);
  }
  for (let u = 0; u < e.nUnits; u++) fillFailChances(e, u);
  lineSpecs.forEach((l, i) => fillLine(e, i, l));
  for (let gi = 0; gi < e.nGroups; gi++) {
    for (let l = e.gLineStart[gi]!; l < e.gLineEnd[gi]!; l++) if (e.wBpN[l]! + e.wBpPlus[l]! > 0 && e.gBarrageLine[gi] === -1) e.gBarrageLine[gi] = l;
  }
  for (let u = 0; u < e.nUnits; u++) fillRanges(e, u);
  for (let f = 0; f < nF; f++) fillFormationSummary(e, f);
  for (let gi = 0; gi < e.nGroups; gi++) for (let f = 0; f < nF; f++) fillChoice(e, gi, f);
  fillAntiAircraft(e);
  fillCanonicalGroups(e);
}
