import { ROSTER_FORMAT } from '../rulesets/netea/model/roster/listFile.js';
import { firstMoveChance } from '../rulesets/netea/engine/strategyRoll.js';
import { formationSpeed } from '../rulesets/netea/engine/formationSpeed.js';
import { speedFirstChance } from '../rulesets/netea/engine/speedInitiative.js';

/**
 * The reports layer's registry, the one shared reports file that names the rule systems: the
 * "format" field of the files a system's own commands write, which a report's --out may replace
 * (outTarget.ts): NetEA's list files (`roster import`).
 */
export const SYSTEM_FILE_FORMATS = { roster: ROSTER_FORMAT } as const;

/**
 * The rules a battle's `initiative` reads (initiativeChances.ts): NetEA's strategy roll (RB 1.5),
 * a formation's speed (its slowest unit, passengers at their transport's) and the faster side's
 * chance of choosing the fight.
 */
export const INITIATIVE_RULES = { firstMoveChance, formationSpeed, speedFirstChance } as const;
