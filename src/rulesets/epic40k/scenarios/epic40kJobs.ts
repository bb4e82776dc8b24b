import { InputError } from '../../../model/inputError.js';
import { parseEpic40kDetachment } from '../model/detachment.js';
import { epic40kData, loadEpic40kLists } from '../model/load.js';
import { epic40kAssaultEngagement, epic40kShootEngagement, type DetachmentState } from '../engine/engagements.js';
import type { Epic40kDetachment, Epic40kOrder, Epic40kSpec } from '../model/spec.js';

/**
 * `shoot` and `assault` under `--rules epic40k`: the words of the command
 * line turned into an Epic 40,000 scenario (src/sim/rulesets/epic40k) on the
 * built-in BattleBible lists, and its `--json` in the same contract as
 * NetEA's (oneStepJson), with `rules: "epic40k"` added.
 */

export { epic40kData };

export const EPIC40K_TITLE = 'Epic 40,000 (BattleBible 1998)';

/** The command-line words an Epic 40,000 shot or assault reads. */
export interface Epic40kWords {
  formation: string;
  at: string;
  order?: Epic40kOrder;
  targetOrder?: Epic40kOrder;
  cover?: string | boolean;
  gap: number;
  bm: number;
  targetBm: number;
  targetBroken?: boolean;
  rankWidth: number;
  spacing: number;
  support?: string[];
  targetSupport?: string[];
}

export interface Epic40kJob {
  command: 'shoot' | 'assault';
  spec: Epic40kSpec;
  scenario: string;
  matchup: string;
  title: string;
  attacker: Epic40kDetachment;
  target: Epic40kDetachment;
  unsupported: string[];
}

function optionProblem(option: string, message: string): InputError {
  return new InputError([{ file: `option ${option}`, path: '', message }]);
}

/** `--cover` under Epic 40,000: the infantry armour bonus of the terrain (L948-956): alone or 1 (woods, ruins, buildings), 2 (fortifications). */
export function parseEpic40kCover(value: string | boolean | undefined): 0 | 1 | 2 {
  if (value === undefined || value === false) return 0;
  if (value === true) return 1;
  if (value === '1' || value === '2') return Number(value) as 1 | 2;
  throw optionProblem('--cover', `expected no value or 1 (woods, ruins, buildings: +1 infantry armour) or 2 (fortifications: +2) under --rules epic40k, got "${value}"`);
}

/**
 * Options that mean something only in NetEA: refused under --rules epic40k
 * with what to use instead (one message, exit 2).
 */
export function rejectNeteaOptions(given: Array<[string, boolean]>): void {
  const problems = given.filter(([, g]) => g).map(([name]) => ({
    file: `option ${name}`,
    path: '',
    message: name === '--action' ? 'NetEA actions do not exist in Epic 40,000: give the shooter\'s orders with --order none|assault|overwatch|march (L920-942)' : 'is a NetEA rule, not part of Epic 40,000 (--rules epic40k)',
  }));
  if (problems.length > 0) throw new InputError(problems);
}

function state(order: Epic40kOrder | undefined, bm: number, broken: boolean, cover: 0 | 1 | 2): DetachmentState {
  return { order: order ?? 'none', cover, blastMarkers: bm, broken };
}

function unsupportedOf(ds: Epic40kDetachment[]): string[] {
  return [...new Set(ds.flatMap((d) => d.unsupported))];
}

/** `shoot --rules epic40k <detachment> --at <detachment>`. */
export function epic40kShootJob(o: Epic40kWords): Epic40kJob {
  const lists = loadEpic40kLists();
  const attacker = parseEpic40kDetachment(lists, o.formation);
  const target = parseEpic40kDetachment(lists, o.at);
  if (o.order === 'march') throw optionProblem('--order', 'a marching detachment may not shoot (L942)');
  const spec = epic40kShootEngagement(attacker, target, {
    geometry: { gap: o.gap, rankWidth: o.rankWidth, spacing: o.spacing },
    attacker: state(o.order, o.bm, false, 0),
    target: state(o.targetOrder, o.targetBm, o.targetBroken === true, parseEpic40kCover(o.cover)),
  });
  const orders = o.order && o.order !== 'none' ? ` (${o.order})` : '';
  return {
    command: 'shoot',
    spec,
    scenario: 'epic40k-shoot',
    matchup: `${attacker.text} -> ${target.text}`,
    title: `${EPIC40K_TITLE}: ${attacker.name}${orders} shoots ${target.name}`,
    attacker,
    target,
    unsupported: unsupportedOf([attacker, target]),
  };
}

/** `assault --rules epic40k <detachment> --at <detachment>`: on Assault orders, the charge, close combat and firefight. */
export function epic40kAssaultJob(o: Epic40kWords): Epic40kJob {
  const lists = loadEpic40kLists();
  const attacker = parseEpic40kDetachment(lists, o.formation);
  const target = parseEpic40kDetachment(lists, o.at);
  const supports = [
    ...(o.support ?? []).map((t) => ({ formation: parseEpic40kDetachment(lists, t), side: 0 as const })),
    ...(o.targetSupport ?? []).map((t) => ({ formation: parseEpic40kDetachment(lists, t), side: 1 as const })),
  ];
  for (const s of supports) {
    if (!s.formation.units.some((u) => u.unit.kind === 'war-engine')) {
      throw new InputError([{ file: `detachment "${s.formation.text}"`, path: '', message: 'only war engines lend support to a close combat from outside it (L1184); the units of the fighting detachments within 15 cm support it already' }]);
    }
  }
  if (o.order !== undefined && o.order !== 'assault') throw optionProblem('--order', 'the assaulting detachment is on Assault orders (L1162-1168)');
  const spec = epic40kAssaultEngagement(attacker, target, {
    geometry: { gap: o.gap, rankWidth: o.rankWidth, spacing: o.spacing },
    attacker: state('assault', o.bm, false, 0),
    target: state(o.targetOrder, o.targetBm, o.targetBroken === true, parseEpic40kCover(o.cover)),
    supports: supports.map((s) => ({ ...s, state: state('none', 0, false, 0) })),
  });
  return {
    command: 'assault',
    spec,
    scenario: 'epic40k-assault',
    matchup: `${attacker.text} -> ${target.text}`,
    title: `${EPIC40K_TITLE}: ${attacker.name} assaults ${target.name}${supports.length ? ` (support: ${supports.map((s) => s.formation.name).join(', ')})` : ''}`,
    attacker,
    target,
    unsupported: unsupportedOf([attacker, target, ...supports.map((s) => s.formation)]),
  };
}
