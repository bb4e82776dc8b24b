import { ROSTER_FORMAT } from '../rulesets/netea/model/roster/listFile.js';

/**
 * The reports layer's registry, the one shared reports file that names the rule systems: the
 * "format" field of the files a system's own commands write, which a report's --out may replace
 * (outTarget.ts): NetEA's list files (`roster import`).
 */
export const SYSTEM_FILE_FORMATS = { roster: ROSTER_FORMAT } as const;
