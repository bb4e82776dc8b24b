import type { Sfc32 } from '../../../sim/rng.js';
import { recordAssault } from '../../../sim/recordAssault.js';
import { recordFormation } from '../../../sim/recordFormation.js';
import * as outcomes from '../../../sim/assaultOutcomes.js';
import * as resultRules from './assault/resultRules.js';
import * as layout from './assaultPlan/layout.js';
import type { AssaultPlan } from './assaultPlan.js';
import * as result from './plannedAssault/result.js';
import * as hits from './plannedAssault/hits.js';
import * as moves from './plannedAssault/moves.js';
import * as aftermath from './plannedAssault/aftermath.js';

// Imported bindings (and a module's own exports) are read again at every use,
// even in optimised code; module constants are folded into it, and a constant
// function is called directly. The hot code below uses these copies (of the
// assault plan's layout and of the steps in plannedAssault/ among them), and
// so does each module of plannedAssault/; a function there is exported only
// when no function of its own module calls it.
const ATTACKER_WINS = outcomes.ATTACKER_WINS;
const NO_RESULT = outcomes.NO_RESULT;
const F_STRIDE = layout.F_STRIDE;
const F_ALIVE = layout.F_ALIVE;
const F_BM = layout.F_BM;
const F_BROKEN = layout.F_BROKEN;
const F_BM_PLACED = layout.F_BM_PLACED;
const S_ENGAGED = layout.S_ENGAGED;
const MAIN_PHASE = layout.MAIN_PHASE;
const FIRST_STRIKE_PHASE = layout.FIRST_STRIKE_PHASE;
const resultWinner = resultRules.resultWinner;
const resultDifference = result.resultDifference;
const resultModifiers = result.resultModifiers;
const wipeOut = result.wipeOut;
const fightDeaths = hits.fightDeaths;
const fightPhase = hits.fightPhase;
const rollGroups = hits.rollGroups;
const supportingFire = hits.supportingFire;
const counterCharge = moves.counterCharge;
const markEngaged = moves.markEngaged;
const applyResult = aftermath.applyResult;

/**
 * One trial of a planned assault (assaultPlan.ts) in the plan's own state,
 * round after round as `fightRounds` fights them: the first round from the
 * compiled groups, later ones from them too when nothing can move
 * (`staticRounds`), else from the moves and attack lines; the checks,
 * the result roll, a tie's counter-charges; then the aftermath and the
 * outcome and every formation's state added to the tally. The comments name
 * the functions of assault.ts each step stands for.
 */
export function plannedAssault(p: AssaultPlan, rng: Sfc32, tally: Float64Array): void {
  restore(p);
  let outcome = NO_RESULT;
  let margin = 0;
  let rounds = 0;
  for (let round = 1; round <= p.maxRounds; round++) {
    rounds = round;
    // IV. First strike, then everyone else; simultaneous within each phase (TP Resolve Attacks).
    if (round === 1) {
      if (p.fsEnd > 0) rollGroups(p, 0, p.fsEnd, rng);
      if (p.fightByMasks) {
        fightDeaths(p, 0, 0, rng);
        fightDeaths(p, 1, p.supportFolded && p.S[S_ENGAGED]! > 0 ? 2 : 1, rng);
      } else rollGroups(p, p.fsEnd, p.mainEnd, rng);
    } else if (p.staticRounds) {
      if (p.firstStrike) rollGroups(p, p.supportEnd, p.laterFsEnd, rng);
      rollGroups(p, p.laterFsEnd, p.laterMainEnd, rng);
    } else {
      markEngaged(p);
      if (p.firstStrike) fightPhase(p, FIRST_STRIKE_PHASE, rng);
      fightPhase(p, MAIN_PHASE, rng);
    }
    const afterFight = wipeOut(p, true);
    if (afterFight >= 0) {
      outcome = afterFight;
      break;
    }
    // Supporting fire (TP: only now: every round).
    if (round === 1) {
      // Folded into the defenders' draw of the fight (supportFolded).
      if (!p.supportFolded) rollGroups(p, p.mainEnd, p.supportEnd, rng);
    } else if (p.supportEveryRound) {
      if (p.staticRounds) rollGroups(p, p.laterMainEnd, p.nGroups, rng);
      else supportingFire(p, rng);
    }
    const afterSupport = wipeOut(p, false);
    if (afterSupport >= 0) {
      outcome = afterSupport;
      break;
    }
    // V. The result (RB 1.12.7): highest of 2D6 plus the modifiers.
    const difference = resultDifference(p, rng) + resultModifiers(p, 0) - resultModifiers(p, 1);
    const winner = resultWinner(difference);
    if (winner >= 0) {
      outcome = winner;
      margin = difference > 0 ? difference : -difference;
      break;
    }
    // A tie: counter-charges, attacker first, then fight again; kills carry over.
    if (round < p.maxRounds && !p.staticRounds) {
      counterCharge(p, 0);
      counterCharge(p, 1);
    }
  }
  if (outcome !== NO_RESULT) applyResult(p, outcome === ATTACKER_WINS ? 1 : 0, margin);
  record(p, outcome, rounds, tally);
}

/** The starting state: the last trial's dead brought back, every counter as it starts, the first round's positions if anything moved. */
function restore(p: AssaultPlan): void {
  p.trialState.set(p.trialStart);
  const fPoints = p.fPoints;
  for (let f = 0; f < fPoints.length; f++) fPoints[f] = 0;
  if (!p.moved) return;
  p.moved = false;
  for (let k = 0; k < p.listEnd; k++) {
    const u = p.list[k]!;
    p.pos[u] = p.startPos[u]!;
    p.contact[u] = p.startContact[u]!;
    p.forceFF[u] = p.startForceFF[u]!;
    p.engaged[u] = p.startEngaged[u]!;
  }
  const order = p.order;
  const startOrder = p.startOrder;
  for (let k = 0; k < p.listEnd; k++) order[k] = startOrder[k]!;
  p.orderCount[0] = p.startOrderCount[0]!;
  p.orderCount[1] = p.startOrderCount[1]!;
  p.orderFollowsList = p.startOrderFollowsList;
}

/** The runner's `record` from the plan's state: the outcome and its rounds, each formation's losses, markers and points. */
function record(p: AssaultPlan, outcome: number, rounds: number, tally: Float64Array): void {
  recordAssault(tally, p.assaultRecord, outcome, rounds);
  // The plan's arrays in locals, as in aftermath.ts applyResult.
  const F = p.F;
  const fRecord = p.fRecord;
  const fUnitStart = p.fUnitStart;
  const fUnitEnd = p.fUnitEnd;
  const fPoints = p.fPoints;
  const n = p.nFormations;
  for (let f = 0; f < n; f++) {
    const fb = f * F_STRIDE;
    // Units that only die: no war-engine damage.
    recordFormation(tally, fRecord[f]!, fUnitEnd[f]! - fUnitStart[f]!, F[fb + F_ALIVE]!, F[fb + F_BROKEN] === 1, F[fb + F_BM]!, fPoints[f]!, 0, F[fb + F_BM_PLACED]!);
  }
}
