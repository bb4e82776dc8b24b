import { Option, type Command } from 'commander';
import { parseFormation, type FormationSpec } from '../model/formation.js';
import { InputError } from '../model/inputError.js';
import { embarkationProblem } from '../sim/rulesets/netea/transport/embarkation.js';
import type { Dataset } from '../model/dataset.js';
import type { EngagementSpec } from '../sim/rulesets/netea/spec.js';
import { loadDataset } from '../model/loadDataset.js';
import { outcomeAt, type FormationOutcome } from '../reports/aggregate.js';
import type { ActionName, CoverSpec } from '../sim/rulesets/netea/spec.js';
import type { SimulationResult } from '../workers/simulate.js';
import { DEFAULT_GAP, shootEngagement } from '../sim/rulesets/netea/engagements.js';
import { addRankOptions, badOption, nonNegativeNumber, wholeNumber } from './options.js';
import { addSimOptions, runSimulation, type SimOptions } from './simOptions.js';
import { airAttackKind, airShotEngagement } from './aerospaceShoot.js';
import { printOutcomeTable, unsupportedNote } from './print.js';

const ACTIONS: ActionName[] = ['advance', 'double', 'sustained', 'marshal', 'overwatch'];

interface ShootOptions extends SimOptions {
  at: string;
  action: ActionName;
  cover?: string | boolean;
  crossfire?: boolean;
  gap: number;
  bm: number;
  targetBm: number;
  targetBroken?: boolean;
  rankWidth: number;
  spacing: number;
  out?: string;
  flak: string[];
  targetFlak: boolean;
  cap?: string;
  phase: 'approach' | 'disengagement';
  moved?: boolean;
  test?: boolean;
  embarked?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** `--cover` alone: obscured (-1 to hit, no save); `--cover 4`: -1 to hit and a 4+ infantry cover save. */
export function parseCover(value: string | boolean | undefined): CoverSpec {
  if (value === undefined || value === false) return { kind: 'none' };
  if (value === true) return { kind: 'obscured' };
  const n = Number(value);
  if (!Number.isInteger(n) || n < 2 || n > 6) throw badOption('--cover', String(value), 'no value (obscured: -1 to hit) or an infantry cover save from 2 to 6');
  return { kind: 'save', save: n };
}

/**
 * A formation asked to start embarked must have transports with room for every
 * unit that can ride in them (RB 1.7.5; transport/embarkation.ts).
 */
export function checkEmbarkation(text: string, formation: FormationSpec): void {
  const problem = embarkationProblem(formation);
  if (problem !== null) throw new InputError([{ file: `formation "${text}"`, path: '', message: problem }]);
}

/**
 * The JSON contract of `shoot --json` and `assault --json` (extend it, never
 * rename a field): the run's facts, then each side's outcome.
 */
export function oneStepJson(
  result: SimulationResult,
  seed: string,
  data: { id: string; version: string },
  attacker: FormationSpec,
  target: FormationSpec,
  unsupported: string[],
  extra: Record<string, unknown> = {},
) {
  return {
    trials: result.trials,
    seed,
    chunkSize: result.chunkSize,
    ...(result.run ? { stop: result.run.stop } : {}),
    data: { id: data.id, version: data.version },
    attackerFormation: { name: attacker.name, points: attacker.points },
    targetFormation: { name: target.name, points: target.points },
    target: outcomeJson(outcomeAt(result.tally, result.layout, 0, 1)),
    attacker: outcomeJson(outcomeAt(result.tally, result.layout, 0, 0)),
    ...extra,
    unsupported,
  };
}

/** One formation's outcome in the JSON contract. */
export function outcomeJson(o: FormationOutcome) {
  return {
    unitsKilled: { mean: o.unitsKilled.mean, ci95: o.unitsKilled.ci95, distribution: o.unitsKilled.distribution },
    broken: o.broken,
    destroyed: o.destroyed,
    blastMarkers: o.blastMarkers,
    pointsLost: o.pointsLost,
    warEngineDamage: o.warEngineDamage,
  };
}

export function registerShoot(program: Command): void {
  const cmd = program
    .command('shoot')
    .description('one formation shoots another: units killed, break chance, Blast markers')
    .argument('<formation>', 'the shooting formation: "4 Devastator", "6 Tactical, 3 Rhino" or "codex-astartes/devastator"')
    .requiredOption('--at <formation>', 'the target formation, same syntax')
    .addOption(new Option('--action <action>', 'the shooter\'s action').choices(ACTIONS).default('advance'))
    .option('--cover [save]', 'target in cover: -1 to hit; with a value, infantry also get that cover save (woods 5, ruins 4)')
    .option('--crossfire', 'the shot is a crossfire (-1 to saves, 2 Blast markers for the first kill)')
    .addOption(new Option('--gap <cm>', 'distance between the two front ranks').default(DEFAULT_GAP).argParser(nonNegativeNumber('--gap')))
    .addOption(new Option('--bm <n>', 'Blast markers on the shooter').default(0).argParser(wholeNumber('--bm', 0)))
    .addOption(new Option('--target-bm <n>', 'Blast markers on the target').default(0).argParser(wholeNumber('--target-bm', 0)))
    .option('--target-broken', 'the target is already broken')
    .option('--embarked', 'the target\'s units that can ride start in its transports: not hit until a transport is destroyed')
    .addOption(new Option('--flak <formation>', 'ground attack: another formation of the target\'s side firing flak (repeatable)').default([]).argParser(collect))
    .option('--no-target-flak', 'ground attack: the target does not fire its own AA weapons')
    .option('--cap <formation>', 'ground attack: enemy fighters on combat air patrol intercept first')
    .addOption(new Option('--phase <phase>', 'flak: as the aircraft approach, or as they disengage in the end phase').choices(['approach', 'disengagement']).default('approach'))
    .option('--moved', 'flak in the disengagement phase from a formation that took a move action (-1 to hit)')
    .option('--test', 'aircraft and spacecraft: take the action test first (-1 per Blast marker; a failure is a stand down)');
  addSimOptions(addRankOptions(cmd), 100_000)
    .addHelpText('after', '\nExamples:\n  epic-balance shoot "4 Devastator" --at "8 Ork Boyz" --action sustained --trials 200000\n  epic-balance shoot "2 Thunderbolt" --at "steel-legion/mechanised-infantry-company" --flak "3 Hydra"\n\nWhen a side flies, the attack follows the aerospace rules: aircraft at a ground formation make a ground attack through its flak;\na ground formation at aircraft fires flak; fighters at aircraft intercept; a spacecraft bombards from orbit.')
    .action(async (text: string, o: ShootOptions, command: Command) => {
      const data = loadDataset(o.data);
      const attacker = parseFormation(data, text);
      const target = parseFormation(data, o.at);
      if (o.embarked === true) checkEmbarkation(o.at, target);
      const targetState = { blastMarkers: o.targetBm, broken: o.targetBroken === true, cover: parseCover(o.cover), embarked: o.embarked === true };
      const airShot = {
        attacker: { text, formation: attacker },
        target: { text: o.at, formation: target, state: targetState },
        gap: command.getOptionValueSource('gap') === 'default' ? undefined : o.gap,
        geometry: { rankWidth: o.rankWidth, spacing: o.spacing },
        flak: o.flak.map((f) => ({ text: f, formation: parseFormation(data, f) })),
        targetFlak: o.targetFlak,
        cap: o.cap !== undefined ? { text: o.cap, formation: parseFormation(data, o.cap) } : null,
        phase: o.phase,
        moved: o.moved === true,
        test: o.test === true,
      };
      const kind = airAttackKind(airShot);
      if (kind !== 'shoot') {
        const { spec, title } = airShotEngagement(kind, airShot);
        const others = [...airShot.flak, ...(airShot.cap ? [airShot.cap] : [])].map((f) => f.formation);
        await reportShot(o, data, spec, title, attacker, target, others, kind);
        return;
      }
      const spec = shootEngagement(attacker, target, {
        action: o.action,
        crossfire: o.crossfire === true,
        geometry: { gap: o.gap, rankWidth: o.rankWidth, spacing: o.spacing },
        attacker: { blastMarkers: o.bm, broken: false, cover: { kind: 'none' } },
        target: targetState,
      });
      await reportShot(o, data, spec, `${attacker.name} (${o.action}) shoots ${target.name}${o.embarked === true ? ' (embarked)' : ''}`, attacker, target, [], 'shoot');
    });
}

/**
 * Runs a shot and prints it: the target's outcome, and for a ground attack
 * the aircraft's too (what the flak and any interceptors cost them).
 */
async function reportShot(o: ShootOptions, data: Dataset, spec: EngagementSpec, title: string, attacker: FormationSpec, target: FormationSpec, others: FormationSpec[], kind: string): Promise<void> {
  const matchup = [attacker.text, target.text, ...others.map((f) => f.text)].join(' -> ');
  const result = await runSimulation(o, { spec, scenario: kind === 'shoot' ? 'shoot' : `shoot-${kind}`, matchup });
  const unsupported = [...new Set([...attacker.unsupported, ...target.unsupported, ...others.flatMap((f) => f.unsupported)])];
  if (o.out !== undefined) await (await import('../reports/runReport.js')).writeCommandReport(o.out, spec, result, o, { title, data, unsupported });
  if (o.json) {
    process.stdout.write(JSON.stringify(oneStepJson(result, o.seed, data, attacker, target, unsupported, kind === 'shoot' ? {} : { attack: kind }), null, 2) + '\n');
    return;
  }
  process.stdout.write(`${title}\n`);
  process.stdout.write(`${result.trials.toLocaleString('en')} trials, seed "${o.seed}", data ${data.id} ${data.version}\n\n`);
  printOutcomeTable(target.name, outcomeAt(result.tally, result.layout, 0, 1), target.points);
  if (kind === 'ground-attack') {
    process.stdout.write('\n');
    printOutcomeTable(attacker.name, outcomeAt(result.tally, result.layout, 0, 0), attacker.points);
  }
  if (unsupported.length > 0) process.stderr.write(unsupportedNote(unsupported));
}
