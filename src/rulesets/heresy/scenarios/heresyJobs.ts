import { InputError } from '../../../model/inputError.js';
import { heresyData, loadHeresyProfiles } from '../model/load.js';
import { parseHeresyUnit } from '../model/unit.js';
import { FRESH_IN_THE_OPEN, HERESY_SHOOT_DISTANCE, heresyAssaultEngagement, heresyShootEngagement, type HeresyUnitState } from '../engine/engagements.js';
import type { HeresyCover, HeresySpec, HeresyUnit } from '../model/spec.js';

/**
 * `shoot` and `assault` under `--rules heresy`: the command line turned into
 * a Heresy scenario (src/sim/rulesets/heresy) on the built-in illustrative
 * profiles (datasheets/heresy/examples.json) and a user's own (`--data`),
 * and its `--json` in the same contract as NetEA's, with `rules: "heresy"`.
 */

export const HERESY_TITLE = 'Heresy (D10 draft, Rules Part II 1999; illustrative profiles)';

export { heresyData };

export interface HeresyWords {
  formation: string;
  at: string;
  cover?: string | boolean;
  gap: number;
  gapGiven?: boolean;
  targetBroken?: boolean;
  support?: string[];
  targetSupport?: string[];
  data?: string;
}

export interface HeresyJob {
  command: 'shoot' | 'assault';
  spec: HeresySpec;
  scenario: string;
  matchup: string;
  title: string;
  attacker: HeresyUnit;
  target: HeresyUnit;
  unsupported: string[];
  data?: string;
}

/** `--cover` under Heresy (L108-125): soft / hard / fortified, or 1 / 2 / 3; no value is soft. */
export function parseHeresyCover(value: string | boolean | undefined): HeresyCover {
  if (value === undefined || value === false) return 0;
  if (value === true) return 1;
  const i = ['soft', 'hard', 'fortified'].indexOf(value);
  if (i >= 0) return (i + 1) as HeresyCover;
  if (value === '1' || value === '2' || value === '3') return Number(value) as HeresyCover;
  throw new InputError([{ file: 'option --cover', path: '', message: `expected soft, hard or fortified (1, 2, 3: L112-123) under --rules heresy, got "${value}"` }]);
}

/** Options with no meaning in Heresy: refused, one message each (exit 2). */
export function rejectForHeresy(given: Array<[string, boolean]>): void {
  const problems = given.filter(([, g]) => g).map(([name]) => ({ file: `option ${name}`, path: '', message: 'is not a Heresy rule (--rules heresy)' }));
  if (problems.length > 0) throw new InputError(problems);
}

const unsupportedOf = (us: HeresyUnit[]) => [
  ...new Set([...us.flatMap((u) => u.unsupported), 'facing (side and rear armour -2, L102-107), templates, titans, psykers, stealth and sniper roll-offs, reaction fire and withdrawal are not simulated']),
];

function target(o: HeresyWords): HeresyUnitState {
  return { ...FRESH_IN_THE_OPEN, cover: parseHeresyCover(o.cover), quality: o.targetBroken ? 2 : 0 };
}

/** `shoot --rules heresy <unit> --at <unit>`: all weapons at `--gap` cm (default 30). */
export function heresyShootJob(o: HeresyWords): HeresyJob {
  const sets = loadHeresyProfiles(o.data);
  const attacker = parseHeresyUnit(sets, o.formation);
  const at = parseHeresyUnit(sets, o.at);
  const distance = o.gapGiven ? o.gap : HERESY_SHOOT_DISTANCE;
  const spec = heresyShootEngagement(attacker, at, { distance, attacker: FRESH_IN_THE_OPEN, target: target(o) });
  return { command: 'shoot', spec, scenario: 'heresy-shoot', matchup: `${attacker.text} -> ${at.text}`, title: `${HERESY_TITLE}: ${attacker.name} shoots ${at.name} at ${distance} cm`, attacker, target: at, unsupported: unsupportedOf([attacker, at]), data: o.data };
}

/** `assault --rules heresy <unit> --at <unit>`: the charge and assault combat, with supporting units within 15 cm. */
export function heresyAssaultJob(o: HeresyWords): HeresyJob {
  const sets = loadHeresyProfiles(o.data);
  const attacker = parseHeresyUnit(sets, o.formation);
  const at = parseHeresyUnit(sets, o.at);
  const supports = [...(o.support ?? []).map((t) => ({ formation: parseHeresyUnit(sets, t), side: 0 as const })), ...(o.targetSupport ?? []).map((t) => ({ formation: parseHeresyUnit(sets, t), side: 1 as const }))];
  const spec = heresyAssaultEngagement(attacker, at, { attacker: FRESH_IN_THE_OPEN, target: target(o), supports });
  return {
    command: 'assault',
    spec,
    scenario: 'heresy-assault',
    matchup: `${attacker.text} -> ${at.text}`,
    title: `${HERESY_TITLE}: ${attacker.name} assaults ${at.name}${supports.length ? ` (support: ${supports.map((s) => s.formation.name).join(', ')})` : ''}`,
    attacker,
    target: at,
    unsupported: unsupportedOf([attacker, at, ...supports.map((s) => s.formation)]),
    data: o.data,
  };
}
