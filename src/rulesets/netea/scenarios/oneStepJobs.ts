import type { Dataset } from '../../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../../model/formation.js';
import { InputError } from '../../../model/inputError.js';
import { rejectAirUnits } from '../../../model/rejectAirUnits.js';
import { assaultEngagement, closestChargeDistance, FRESH, shootEngagement } from '../engine/engagements.js';
import { FORTIFIED_POSITIONS } from '../../../model/fortifiedPositions.js';
import { type ActionName, type CoverSpec, type EngagementSpec } from '../model/spec.js';
import { airAttackKind, airShotEngagement, type AirAttackKind } from './aerospaceShoot.js';
import { embarkationProblem } from '../engine/transport/embarkation.js';
import { boughtPositionNotes } from '../engine/boughtPositions.js';
import { variantNotes, variantOptions, type RulesVariant } from '../model/rulesVariant.js';

/**
 * What `shoot` and `assault` simulate and what their `--json` prints, as pure
 * functions with no Node module in their imports: the commands (shoot.ts,
 * assault.ts) and the playground (site/) both build their scenarios and
 * their JSON with these, so a page and the command line given the same words
 * run the same spec on the same chunk seeds and print the same JSON.
 */

function optionProblem(option: string, got: string, expected: string): InputError {
  return new InputError([{ file: `option ${option}`, path: '', message: `expected ${expected}, got "${got}"` }]);
}

/**
 * `--cover` alone: obscured (-1 to hit, no save); `--cover 4`: -1 to hit and a 4+ infantry cover save;
 * `--cover bunker|gun-emplacement|trench`: a fortified position, as its table gives each kind of unit
 * (TP Fortified Positions, engagement/cover.ts).
 */
export function parseCover(value: string | boolean | undefined): CoverSpec {
  if (value === undefined || value === false) return { kind: 'none' };
  if (value === true) return { kind: 'obscured' };
  const position = FORTIFIED_POSITIONS.find((p) => p === value);
  if (position !== undefined) return { kind: 'position', position };
  const n = Number(value);
  if (!Number.isInteger(n) || n < 2 || n > 6) throw optionProblem('--cover', String(value), `no value (obscured: -1 to hit), an infantry cover save from 2 to 6, or a fortified position (bunker, gun-emplacement or trench)`);
  return { kind: 'save', save: n };
}

/** The words of a `shoot` command line, as commander hands them to its action. */
export interface ShootWords {
  formation: string;
  at: string;
  action: ActionName;
  cover?: string | boolean;
  crossfire?: boolean;
  gap: number;
  /** --gap was given (an aerospace attack has its own default distance otherwise). */
  gapGiven: boolean;
  bm: number;
  targetBm: number;
  targetBroken?: boolean;
  rankWidth: number;
  spacing: number;
  flak: string[];
  targetFlak: boolean;
  cap?: string;
  phase: 'approach' | 'disengagement';
  moved?: boolean;
  test?: boolean;
  /** The target's units that can ride start in its transports. */
  embarked?: boolean;
}

/** The words of an `assault` command line. */
export interface AssaultWords {
  formation: string;
  at: string;
  support: string[];
  targetSupport: string[];
  gap: number;
  supportGap?: number;
  bm: number;
  targetBm: number;
  targetBroken?: boolean;
  cover?: string | boolean;
  test?: boolean;
  contact?: number;
  rankWidth: number;
  spacing: number;
  /** The target's units that can ride start in its transports and stay there. */
  embarked?: boolean;
  /** The attacker's units that can ride start in its transports and disembark at the charge. */
  attackerEmbarked?: boolean;
}

/**
 * A formation asked to start embarked must have transports with room for every
 * unit that can ride in them (RB 1.7.5; transport/embarkation.ts).
 */
export function checkEmbarkation(text: string, formation: FormationSpec): void {
  const problem = embarkationProblem(formation);
  if (problem !== null) throw new InputError([{ file: `formation "${text}"`, path: '', message: problem }]);
}

/** One simulated step, ready to run: the spec, the names that seed its chunks, and how to read the result. */
export interface OneStepJob {
  command: 'shoot' | 'assault';
  spec: EngagementSpec;
  /** With the seed and the chunk index, these seed every chunk (workers/chunkSeed.ts). */
  scenario: string;
  matchup: string;
  title: string;
  attacker: FormationSpec;
  target: FormationSpec;
  /** Supporting, flak and combat-air-patrol formations. */
  others: FormationSpec[];
  /** For shoot: which attack the rules make of it. */
  kind: AirAttackKind | 'assault';
  unsupported: string[];
  /** The rules variant it plays when not NetEA's own (`withRulesVariant`): its `--json` names it. */
  rules?: RulesVariant;
}

/**
 * The job played by a rules variant of Epic Armageddon (`--rules rulebook-2004`): the variant's
 * engine switches, its name in the title, and the Tournament Pack changes it still plays as the
 * Tournament Pack among what the result names.
 */
export function withRulesVariant(job: OneStepJob, variant: RulesVariant): OneStepJob {
  if (variant === 'netea') return job;
  return {
    ...job,
    spec: { ...job.spec, options: variantOptions(variant, job.spec.options) },
    title: `${job.title} [2004 rulebook]`,
    unsupported: [...job.unsupported, ...variantNotes(variant)],
    rules: variant,
  };
}

function unsupportedOf(formations: FormationSpec[]): string[] {
  return [...new Set(formations.flatMap((f) => f.unsupported))];
}

/** What `shoot <formation> --at <target> ...` simulates. Bad input throws an InputError. */
export function shootJob(data: Dataset, o: ShootWords): OneStepJob {
  const attacker = parseFormation(data, o.formation);
  const target = parseFormation(data, o.at);
  if (o.embarked === true) checkEmbarkation(o.at, target);
  const targetState = { blastMarkers: o.targetBm, broken: o.targetBroken === true, cover: parseCover(o.cover), embarked: o.embarked === true };
  const airShot = {
    attacker: { text: o.formation, formation: attacker },
    target: { text: o.at, formation: target, state: targetState },
    gap: o.gapGiven ? o.gap : undefined,
    geometry: { rankWidth: o.rankWidth, spacing: o.spacing },
    flak: o.flak.map((f) => ({ text: f, formation: parseFormation(data, f) })),
    targetFlak: o.targetFlak,
    cap: o.cap !== undefined ? { text: o.cap, formation: parseFormation(data, o.cap) } : null,
    phase: o.phase,
    moved: o.moved === true,
    test: o.test === true,
  };
  const kind = airAttackKind(airShot);
  let spec: EngagementSpec;
  let title: string;
  let others: FormationSpec[] = [];
  if (kind !== 'shoot') {
    ({ spec, title } = airShotEngagement(kind, airShot));
    others = [...airShot.flak, ...(airShot.cap ? [airShot.cap] : [])].map((f) => f.formation);
  } else {
    spec = shootEngagement(attacker, target, {
      action: o.action,
      crossfire: o.crossfire === true,
      geometry: { gap: o.gap, rankWidth: o.rankWidth, spacing: o.spacing },
      attacker: { blastMarkers: o.bm, broken: false, cover: { kind: 'none' } },
      target: targetState,
    });
    title = `${attacker.name} (${o.action}) shoots ${target.name}${o.embarked === true ? ' (embarked)' : ''}`;
  }
  return {
    command: 'shoot',
    spec,
    scenario: kind === 'shoot' ? 'shoot' : `shoot-${kind}`,
    matchup: [attacker.text, target.text, ...others.map((f) => f.text)].join(' -> '),
    title,
    attacker,
    target,
    others,
    kind,
    unsupported: [...unsupportedOf([attacker, target, ...others]), ...boughtPositionNotes(spec)],
  };
}

/** What `assault <formation> --at <target> ...` simulates. Bad input throws an InputError. */
export function assaultJob(data: Dataset, o: AssaultWords): OneStepJob {
  const attacker = parseFormation(data, o.formation);
  const target = parseFormation(data, o.at);
  const supports = o.support.map((s) => ({ text: s, formation: parseFormation(data, s), side: 0 as const }));
  const targetSupports = o.targetSupport.map((s) => ({ text: s, formation: parseFormation(data, s), side: 1 as const }));
  const all = [...supports, ...targetSupports];
  rejectAirUnits([[o.formation, attacker], [o.at, target], ...all.map((s): [string, FormationSpec] => [s.text, s.formation])]);
  if (o.attackerEmbarked === true) checkEmbarkation(o.formation, attacker);
  if (o.embarked === true) checkEmbarkation(o.at, target);
  const reach = closestChargeDistance(attacker, o.gap, o.rankWidth, o.spacing, o.attackerEmbarked === true);
  if (reach > 15) {
    throw new InputError([
      { file: `formation "${o.formation}"`, path: '', message: `no unit can charge to within 15 cm of "${o.at}" from ${o.gap} cm away (the closest gets to ${reach} cm); use a smaller --gap` },
    ]);
  }
  const spec = assaultEngagement(attacker, target, {
    geometry: { gap: o.gap, rankWidth: o.rankWidth, spacing: o.spacing },
    attacker: { ...FRESH, blastMarkers: o.bm, embarked: o.attackerEmbarked === true },
    target: { blastMarkers: o.targetBm, broken: o.targetBroken === true, cover: parseCover(o.cover), embarked: o.embarked === true },
    supports: all.map((s) => ({ formation: s.formation, side: s.side, gap: o.supportGap ?? o.gap, state: FRESH })),
    test: o.test === true,
    overwatch: [],
    ...(o.contact !== undefined ? { contact: o.contact } : {}),
  });
  const others = all.map((s) => s.formation);
  return {
    command: 'assault',
    spec,
    scenario: 'assault',
    matchup: `${attacker.text} -> ${target.text}`,
    title: `${attacker.name}${o.attackerEmbarked === true ? ' (embarked)' : ''} assaults ${target.name}${o.embarked === true ? ' (embarked)' : ''}${all.length ? ` (support: ${all.map((s) => s.formation.name).join(', ')})` : ''}`,
    attacker,
    target,
    others,
    kind: 'assault',
    unsupported: [...unsupportedOf([attacker, target, ...others]), ...boughtPositionNotes(spec)],
  };
}
