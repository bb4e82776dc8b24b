import { Option, type Command } from 'commander';
import { parseFormation, type FormationSpec } from '../model/formation.js';
import { loadDataset } from '../model/loadDataset.js';
import { outcomeAt, type FormationOutcome } from '../reports/aggregate.js';
import type { ActionName, CoverSpec } from '../sim/rulesets/netea/spec.js';
import type { SimulationResult } from '../workers/simulate.js';
import { DEFAULT_GAP, shootEngagement } from '../sim/rulesets/netea/engagements.js';
import { addRankOptions, badOption, nonNegativeNumber, wholeNumber } from './options.js';
import { addSimOptions, rejectAirUnits, runSimulation, type SimOptions } from './simOptions.js';
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
}

/** `--cover` alone: obscured (-1 to hit, no save); `--cover 4`: -1 to hit and a 4+ infantry cover save. */
export function parseCover(value: string | boolean | undefined): CoverSpec {
  if (value === undefined || value === false) return { kind: 'none' };
  if (value === true) return { kind: 'obscured' };
  const n = Number(value);
  if (!Number.isInteger(n) || n < 2 || n > 6) throw badOption('--cover', String(value), 'no value (obscured: -1 to hit) or an infantry cover save from 2 to 6');
  return { kind: 'save', save: n };
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
    .option('--target-broken', 'the target is already broken');
  addSimOptions(addRankOptions(cmd), 100_000)
    .addHelpText('after', '\nExample:\n  epic-balance shoot "4 Devastator" --at "8 Ork Boyz" --action sustained --trials 200000')
    .action(async (text: string, o: ShootOptions) => {
      const data = loadDataset(o.data);
      const attacker = parseFormation(data, text);
      const target = parseFormation(data, o.at);
      rejectAirUnits(data, [[text, attacker], [o.at, target]]);
      const spec = shootEngagement(attacker, target, {
        action: o.action,
        crossfire: o.crossfire === true,
        geometry: { gap: o.gap, rankWidth: o.rankWidth, spacing: o.spacing },
        attacker: { blastMarkers: o.bm, broken: false, cover: { kind: 'none' } },
        target: { blastMarkers: o.targetBm, broken: o.targetBroken === true, cover: parseCover(o.cover) },
      });
      const result = await runSimulation(o, { spec, scenario: 'shoot', matchup: `${attacker.text} -> ${target.text}` });
      const targetOutcome = outcomeAt(result.tally, result.layout, 0, 1);
      const unsupported = [...new Set([...attacker.unsupported, ...target.unsupported])];
      if (o.out !== undefined) await (await import('../reports/runReport.js')).writeCommandReport(o.out, spec, result, o, { title: `${attacker.name} (${o.action}) shoots ${target.name}`, data, unsupported });
      if (o.json) {
        process.stdout.write(JSON.stringify(oneStepJson(result, o.seed, data, attacker, target, unsupported), null, 2) + '\n');
        return;
      }
      process.stdout.write(`${attacker.name} (${o.action}) shoots ${target.name}\n`);
      process.stdout.write(`${result.trials.toLocaleString('en')} trials, seed "${o.seed}", data ${data.id} ${data.version}\n\n`);
      printOutcomeTable(target.name, targetOutcome, target.points);
      if (unsupported.length > 0) process.stderr.write(unsupportedNote(unsupported));
    });
}
