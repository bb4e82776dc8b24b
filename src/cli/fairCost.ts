import type { FormationSpec } from '../model/formation.js';
import type { Dataset } from '../model/dataset.js';
import type { ChartContext } from '../reports/charts/frame.js';
import type { ReportSection } from '../reports/report.js';
import { InputError } from '../model/inputError.js';
import { chartContext } from '../reports/report.js';
import { type EngagementKind, type EngagementSettings } from '../reports/engagementKinds.js';
import { positionsNotes } from '../model/boughtPositions.js';
import { FAIR_COST_DEFINITIONS, type FairCostMetric, type FairCostResult } from '../reports/fairCost.js';
import { runMeta } from '../reports/runReport.js';
import { fairCostHeadline, fairRange } from '../reports/sections/fairCostSection.js';
import { writeRunReport } from '../reports/writeRunReport.js';
import { battleValueHeadline, battleValueLines } from '../reports/sections/battleValueSection.js';
import type { FormationValue } from '../reports/value/formationValue.js';
import { unsupportedRules } from '../reports/value/battleFairCost.js';
import { type SimOptions } from './simOptions.js';

export interface FairCostOptions extends SimOptions {
  vs?: string[];
  metric?: FairCostMetric;
  engagement?: EngagementKind;
  battle?: string;
  action: EngagementSettings['action'];
  gap?: number;
  out?: string;
  cost?: number;
}

/** Options the fair-cost search cannot honour: it runs every meeting in full, in this thread. */
export function rejectRunOptions(o: SimOptions, command: string): void {
  const bad = [o.precision !== undefined && '--precision', o.chunks !== undefined && '--chunks', o.partialOut !== undefined && '--partial-out'].filter(Boolean);
  if (bad.length > 0) {
    throw new InputError([{ file: `option ${bad[0]}`, path: '', message: `${command} runs every simulation in full and cannot be stopped early or split; give --trials instead of ${bad.join(', ')}` }]);
  }
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(Math.abs(x) >= 10 ? 0 : 2) : '∞');

export function printResult(r: FairCostResult): void {
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

/** "Not simulated: ..." for every rule of these formations the simulator does not model, once each; then who stands in positions they bought. */
export function unsupportedNotes(formations: FormationSpec[]): string[] {
  return [...unsupportedRules(formations).map((r) => `Not simulated: ${r}`), ...positionsNotes(formations)];
}

/** Writes a fair cost's report folder (`--out`): the manifest's facts and the section. */
export async function writeFairCostReport(
  o: FairCostOptions,
  run: { formation: FormationSpec; data: Dataset; simulations: number; simulationMs: number; notes: string[]; rules?: string },
  section: (ctx: ChartContext) => ReportSection,
): Promise<void> {
  const meta = runMeta({
    title: `Fair cost of ${run.formation.name}`,
    argv: process.argv.slice(2),
    seed: o.seed,
    trials: o.trials,
    chunkSize: o.chunkSize,
    data: run.data,
    simulations: run.simulations,
    timings: { simulationMs: run.simulationMs },
    notes: run.notes,
    ...(run.rules !== undefined ? { rules: run.rules } : {}),
  });
  const written = await writeRunReport({ meta, sections: [section(chartContext(meta))] }, o.out!);
  if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
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

export function printBattleValue(v: FormationValue, battle: string, margin: number, choice: string | undefined): void {
  let s = `${battleValueHeadline(v, battle)}\n`;
  if (choice !== undefined) s += `  uses ${choice}\n`;
  for (const line of battleValueLines(v, margin)) s += `  ${line}\n`;
  s += `\n  ${'opponent'.padEnd(58)}${'points'.padStart(7)}${'fair against it'.padStart(17)}${'of what it destroys'.padStart(21)}${'of what it loses'.padStart(18)}\n`;
  for (const o of v.opponents) {
    const fair = Number.isFinite(o.fairCost.estimate) ? String(Math.round(o.fairCost.estimate)) : 'unbounded';
    s += `  ${o.opponent.slice(0, 57).padEnd(58)}${String(o.points).padStart(7)}${fair.padStart(17)}${`${(100 * o.destroyedShare).toFixed(1)}%`.padStart(21)}${`${(100 * o.lostShare).toFixed(1)}%`.padStart(18)}\n`;
  }
  const how =
    v.kind === 'aircraft' ? 'every opponent in groups sized to the fair cost, every air-attack scene (only flak answers an air attack, so the initiative changes nothing: one play each)'
    : v.kind === 'spacecraft' ? 'one bombardment of every opponent in every orbital scene'
    : 'every opponent in groups sized to the fair cost, every scene, each side with the initiative once';
  s += `\n(${v.meetings} meetings: ${how}; ${v.trialsPerMeeting.toLocaleString('en')} trials each)\n`;
  process.stdout.write(s);
}

