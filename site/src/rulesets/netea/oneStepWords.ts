import { CLI_DEFAULTS } from '../../../../src/model/oneStepDefaults.js';
import type { AssaultWords, ShootWords } from '../../../../src/rulesets/netea/scenarios/oneStepJobs.js';
import type { PageScenario } from '../../hash.js';

/**
 * A page scenario in the words of NetEA's `shoot` and `assault` (oneStepJobs.ts), so the page
 * and the command line build their jobs with the same functions from the same words.
 */

/** The shoot command's words, defaults filled in as commander fills them. */
export function shootWords(s: PageScenario): ShootWords {
  return {
    formation: s.formation,
    at: s.at,
    action: s.action ?? 'advance',
    ...(s.cover !== undefined ? { cover: s.cover } : {}),
    crossfire: s.crossfire === true,
    gap: s.gap ?? CLI_DEFAULTS.shootGap,
    gapGiven: s.gap !== undefined,
    bm: s.bm ?? 0,
    targetBm: s.targetBm ?? 0,
    targetBroken: s.targetBroken === true,
    rankWidth: s.rankWidth ?? CLI_DEFAULTS.rankWidth,
    spacing: s.spacing ?? CLI_DEFAULTS.spacing,
    flak: s.flak ?? [],
    targetFlak: s.noTargetFlak !== true,
    ...(s.cap !== undefined ? { cap: s.cap } : {}),
    phase: s.phase ?? 'approach',
    moved: s.moved === true,
    test: s.test === true,
    embarked: s.embarked === true,
  };
}

/** The assault command's words, defaults filled in. */
export function assaultWords(s: PageScenario): AssaultWords {
  return {
    formation: s.formation,
    at: s.at,
    support: s.support ?? [],
    targetSupport: s.targetSupport ?? [],
    gap: s.gap ?? CLI_DEFAULTS.assaultGap,
    ...(s.supportGap !== undefined ? { supportGap: s.supportGap } : {}),
    bm: s.bm ?? 0,
    targetBm: s.targetBm ?? 0,
    targetBroken: s.targetBroken === true,
    ...(s.cover !== undefined ? { cover: s.cover } : {}),
    test: s.test === true,
    ...(s.contact !== undefined ? { contact: s.contact } : {}),
    rankWidth: s.rankWidth ?? CLI_DEFAULTS.rankWidth,
    spacing: s.spacing ?? CLI_DEFAULTS.spacing,
    embarked: s.embarked === true,
    attackerEmbarked: s.attackerEmbarked === true,
  };
}
