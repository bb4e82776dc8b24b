import { Option, type Command } from 'commander';
import { parseFormation } from '../model/formation.js';
import { InputError } from '../model/inputError.js';
import { loadDataset } from '../model/loadDataset.js';
import { outcomeAt, probability } from '../reports/aggregate.js';
import { meanInterval } from '../reports/stats/meanInterval.js';
import { assaultEngagement, closestChargeDistance, FRESH } from '../sim/rulesets/netea/engagements.js';
import { addRankOptions, nonNegativeNumber, wholeNumber } from './options.js';
import { addSimOptions, rejectAirUnits, runSimulation, type SimOptions } from './simOptions.js';
import { printOutcomeTable, unsupportedNote } from './print.js';
import { checkEmbarkation, oneStepJson, parseCover } from './shoot.js';

/** Default distance between the fronts before an assault: within one 15 cm charge move. */
export const DEFAULT_ASSAULT_GAP = 10;

interface AssaultOptions extends SimOptions {
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
  embarked?: boolean;
  attackerEmbarked?: boolean;
  rankWidth: number;
  spacing: number;
  out?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerAssault(program: Command): void {
  const cmd = program
    .command('assault')
    .description('one formation assaults another: who wins, units killed on both sides, break chance')
    .argument('<formation>', 'the assaulting formation: "8 Boyz", "6 Tactical, 3 Rhino" or "codex-astartes/tactical"')
    .requiredOption('--at <formation>', 'the target formation, same syntax')
    .addOption(new Option('--support <formation>', 'a formation of the attacker\'s side lending supporting fire (repeatable)').default([]).argParser(collect))
    .addOption(new Option('--target-support <formation>', 'a formation of the target\'s side lending supporting fire (repeatable)').default([]).argParser(collect))
    .addOption(new Option('--gap <cm>', 'distance between the two front ranks before the charge').default(DEFAULT_ASSAULT_GAP).argParser(nonNegativeNumber('--gap')))
    .addOption(new Option('--support-gap <cm>', 'distance from supporting formations to the enemy front (default: --gap)').argParser(nonNegativeNumber('--support-gap')))
    .addOption(new Option('--bm <n>', 'Blast markers on the attacker').default(0).argParser(wholeNumber('--bm', 0)))
    .addOption(new Option('--target-bm <n>', 'Blast markers on the target').default(0).argParser(wholeNumber('--target-bm', 0)))
    .option('--target-broken', 'the target is already broken (if it loses, it is destroyed)')
    .option('--cover [save]', 'target infantry in cover: with a value, their cover save in the assault (woods 5, ruins 4)')
    .option('--test', 'take the engage action test first (a failure means a hold action and a Blast marker)')
    .option('--embarked', 'the target\'s units that can ride start in its transports and stay there: they count, but do not fight')
    .option('--attacker-embarked', 'the attacker\'s units that can ride start in its transports and disembark at the charge, within 5 cm of them')
    .addOption(new Option('--contact <n>', 'attackers allowed in base contact (default: all that can reach, two per defender)').argParser(wholeNumber('--contact', 0)));
  addSimOptions(addRankOptions(cmd), 100_000)
    .addHelpText('after', '\nExample:\n  epic-balance assault "codex-astartes/tactical" --at "ork-war-horde/warband" --support "4 Devastator" --trials 100000')
    .action(async (text: string, o: AssaultOptions) => {
      const data = loadDataset(o.data);
      const attacker = parseFormation(data, text);
      const target = parseFormation(data, o.at);
      const supports = o.support.map((s) => ({ text: s, formation: parseFormation(data, s), side: 0 as const }));
      const targetSupports = o.targetSupport.map((s) => ({ text: s, formation: parseFormation(data, s), side: 1 as const }));
      const all = [...supports, ...targetSupports];
      rejectAirUnits(data, [[text, attacker], [o.at, target], ...all.map((s): [string, typeof attacker] => [s.text, s.formation])]);
      if (o.attackerEmbarked === true) checkEmbarkation(text, attacker);
      if (o.embarked === true) checkEmbarkation(o.at, target);
      const reach = closestChargeDistance(attacker, o.gap, o.rankWidth, o.spacing, o.attackerEmbarked === true);
      if (reach > 15) {
        throw new InputError([
          {
            file: `formation "${text}"`,
            path: '',
            message: `no unit can charge to within 15 cm of "${o.at}" from ${o.gap} cm away (the closest gets to ${reach} cm); use a smaller --gap`,
          },
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
      const result = await runSimulation(o, { spec, scenario: 'assault', matchup: `${attacker.text} -> ${target.text}` });
      const L = result.layout.records[0]!.assault!;
      const n = result.trials;
      const t = result.tally;
      const targetOutcome = outcomeAt(t, result.layout, 0, 1);
      const attackerOutcome = outcomeAt(t, result.layout, 0, 0);
      const fought = t[L.fought]!;
      const rounds = meanInterval(t[L.roundsSum]!, t[L.roundsSumSq]!, fought);
      const unsupported = [...new Set([attacker, target, ...all.map((s) => s.formation)].flatMap((f) => f.unsupported))];
      const title = `${attacker.name}${o.attackerEmbarked === true ? ' (embarked)' : ''} assaults ${target.name}${o.embarked === true ? ' (embarked)' : ''}`;
      if (o.out !== undefined) {
        const { writeCommandReport } = await import('../reports/runReport.js');
        await writeCommandReport(o.out, spec, result, o, { title, data, unsupported });
      }
      const assault = {
        attackerWins: probability(t[L.attackerWins]!, n),
        defenderWins: probability(t[L.defenderWins]!, n),
        noResult: probability(t[L.noResult]!, n),
        fought: probability(fought, n),
        rounds: { mean: rounds.mean, ci95: rounds.ci95 },
      };
      if (o.json) {
        process.stdout.write(JSON.stringify(oneStepJson(result, o.seed, data, attacker, target, unsupported, { assault }), null, 2) + '\n');
        return;
      }
      const pct = (p: { p: number; ci95: [number, number] }) => `${(100 * p.p).toFixed(1)}% [${(100 * p.ci95[0]).toFixed(1)}%, ${(100 * p.ci95[1]).toFixed(1)}%]`;
      process.stdout.write(`${title}${all.length ? ` (support: ${all.map((s) => s.formation.name).join(', ')})` : ''}\n`);
      process.stdout.write(`${n.toLocaleString('en')} trials, seed "${o.seed}", data ${data.id} ${data.version}\n\n`);
      process.stdout.write(`  P(attacker wins)      ${pct(assault.attackerWins)}\n`);
      process.stdout.write(`  P(defender wins)      ${pct(assault.defenderWins)}\n`);
      if (assault.noResult.p > 0) process.stdout.write(`  P(no result)          ${pct(assault.noResult)}\n`);
      process.stdout.write(`  rounds (mean)         ${rounds.mean.toFixed(2)}\n\n`);
      printOutcomeTable(`Attacker: ${attacker.name}`, attackerOutcome, attacker.points);
      process.stdout.write('\n');
      printOutcomeTable(`Target: ${target.name}`, targetOutcome, target.points);
      if (unsupported.length > 0) process.stderr.write(unsupportedNote(unsupported));
    });
}
