import { Option, type Command } from 'commander';
import { parseFormation } from '../model/formation.js';
import { InputError } from '../model/inputError.js';
import { loadDataset } from '../model/loadDataset.js';
import type { ActionName } from '../sim/rulesets/netea/spec.js';
import { chartContext } from '../reports/report.js';
import { DEFAULT_GAPS, ENGAGEMENT_KINDS, type EngagementKind } from '../reports/engagementKinds.js';
import { fairCost, FAIR_COST_DEFINITIONS, FAIR_COST_METRICS, type FairCostMetric, type FairCostResult } from '../reports/fairCost.js';
import { runMeta } from '../reports/runReport.js';
import { fairCostHeadline, fairCostSection, fairRange } from '../reports/sections/fairCostSection.js';
import { writeRunReport } from '../reports/writeRunReport.js';
import { nonNegativeNumber } from './options.js';
import { addSimOptions, rejectAirUnits, type SimOptions } from './simOptions.js';

const ACTIONS: ActionName[] = ['advance', 'double', 'sustained', 'marshal', 'overwatch'];

interface FairCostOptions extends SimOptions {
  vs: string[];
  metric: FairCostMetric;
  engagement: EngagementKind;
  action: ActionName;
  gap?: number;
  out?: string;
}

/** Options the fair-cost search cannot honour: it runs every meeting in full, in this thread. */
export function rejectRunOptions(o: SimOptions, command: string): void {
  const bad = [o.precision !== undefined && '--precision', o.chunks !== undefined && '--chunks', o.partialOut !== undefined && '--partial-out'].filter(Boolean);
  if (bad.length > 0) {
    throw new InputError([{ file: `option ${bad[0]}`, path: '', message: `${command} runs every simulation in full and cannot be stopped early or split; give --trials instead of ${bad.join(', ')}` }]);
  }
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(Math.abs(x) >= 10 ? 0 : 2) : '∞');

function printResult(r: FairCostResult): void {
  let s = `${fairCostHeadline(r)}\n`;
  for (const m of r.byMetric) {
    if (m.metric === r.metric) continue;
    s += `  ${m.metric} parity: ${fairRange(m.fairCost)}${Number.isFinite(m.fairCost.estimate) ? ` (estimate ${fmt(m.fairCost.estimate)})` : ''}\n`;
  }
  s += `\n${FAIR_COST_DEFINITIONS[r.metric]}\n\n`;
  s += `  ${'opponent'.padEnd(48)}${'points'.padStart(7)}${'it destroys'.padStart(13)}${'it loses'.padStart(10)}${'P(it wins)'.padStart(12)}${'P(opp wins)'.padStart(13)}\n`;
  for (const o of r.opponents) {
    const name = o.name.length > 46 ? o.name.slice(0, 45) + '…' : o.name;
    s += `  ${name.padEnd(48)}${String(o.points).padStart(7)}${fmt(o.pointsDestroyed.estimate).padStart(13)}${fmt(o.pointsLost.estimate).padStart(10)}${`${(100 * o.formationWins.estimate).toFixed(1)}%`.padStart(12)}${`${(100 * o.opponentWins.estimate).toFixed(1)}%`.padStart(13)}\n`;
  }
  s += `\n(points per meeting at ${r.currentCost !== null ? 'its current' : 'a nominal'} cost of ${r.runCost}; ${r.trialsPerMeeting.toLocaleString('en')} trials per meeting, ${r.meetings.length} meetings)\n`;
  process.stdout.write(s);
}

/** The --json contract of fair-cost (extend it, never rename a field). */
export function fairCostJson(r: FairCostResult) {
  return {
    formation: r.formation,
    currentCost: r.currentCost,
    runCost: r.runCost,
    metric: r.metric,
    definition: r.definition,
    fairCost: r.fairCost,
    balanceAtCurrent: r.balanceAtCurrent,
    meanOpponentCost: r.meanOpponentCost,
    byMetric: r.byMetric,
    opponents: r.opponents,
    meetings: r.meetings.map((m) => ({ opponent: m.opponent, acting: m.acting, matchup: m.matchup, trials: m.trials, pointsDestroyed: m.pointsDestroyed, pointsLost: m.pointsLost, wins: m.wins, losses: m.losses })),
    trialsPerMeeting: r.trialsPerMeeting,
  };
}

export function registerFairCost(program: Command): void {
  const cmd = program
    .command('fair-cost')
    .description('the points cost at which a formation reaches parity with a set of opponents, with its 95% interval')
    .argument('<formation>', 'the formation to price: "titan-legion/warhound-battlegroup", "Warhound" or "6 Tactical, 3 Rhino"')
    .requiredOption('--vs <formation...>', 'the opponent set (each needs a points cost: army-list formations)')
    .addOption(new Option('--metric <metric>', 'what parity means (see docs/reports.md)').choices([...FAIR_COST_METRICS]).default('exchange'))
    .addOption(new Option('--engagement <kind>', 'how the two meet: each opponent is met twice, each side acting once').choices([...ENGAGEMENT_KINDS]).default('shoot'))
    .addOption(new Option('--action <action>', 'the acting formation\'s action when it shoots').choices(ACTIONS).default('advance'))
    .addOption(new Option('--gap <cm>', 'distance between the front ranks (default: 30 for shoot, 10 with an assault)').argParser(nonNegativeNumber('--gap')))
    .option('--out <dir>', 'write the report folder (report.html, CSV, charts, manifest.json) to this directory');
  addSimOptions(cmd, 20_000)
    .addHelpText('after', '\nExample:\n  epic-balance fair-cost "titan-legion/warhound-battlegroup" --vs "codex-astartes/tactical-detachment" "ork-war-horde/warband" --metric exchange --out out/warhound')
    .action(async (text: string, o: FairCostOptions) => {
      rejectRunOptions(o, 'fair-cost');
      const started = performance.now();
      const data = loadDataset(o.data);
      const formation = parseFormation(data, text);
      const opponents = o.vs.map((v) => parseFormation(data, v));
      rejectAirUnits(data, [[text, formation], ...o.vs.map((v, i): [string, typeof formation] => [v, opponents[i]!])]);
      const engagement = { kind: o.engagement, action: o.action, gap: o.gap ?? DEFAULT_GAPS[o.engagement] };
      const result = fairCost({ formation, opponents, engagement, metric: o.metric, run: { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize } });
      const simulationMs = Math.round(performance.now() - started);
      if (o.json) process.stdout.write(JSON.stringify({ trials: o.trials, seed: o.seed, chunkSize: o.chunkSize, data: { id: data.id, version: data.version }, engagement, ...fairCostJson(result) }, null, 2) + '\n');
      else printResult(result);
      if (o.out !== undefined) {
        const meta = runMeta({
          title: `Fair cost of ${formation.name}`,
          argv: process.argv.slice(2),
          seed: o.seed,
          trials: o.trials,
          chunkSize: o.chunkSize,
          data,
          simulations: result.meetings.length,
          timings: { simulationMs },
          notes: [...new Set([formation, ...opponents].flatMap((f) => f.unsupported))].map((r) => `Not simulated: ${r}`),
        });
        const written = await writeRunReport({ meta, sections: [fairCostSection(result, engagement, chartContext(meta))] }, o.out);
        if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
      }
    });
}
