import { outcomeAt, type FormationOutcome, type Probability } from '../reports/aggregate.js';
import type { SimulationResult } from '../run/simulate.js';
import { assaultJson } from '../reports/oneStepJson.js';

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const interval = (ci: [number, number], fmt: (x: number) => string) => `[${fmt(ci[0])}, ${fmt(ci[1])}]`;
const num = (x: number) => x.toFixed(2);

function probLine(label: string, p: Probability): string {
  return `  ${label.padEnd(22)}${pct(p.p).padStart(7)}  ${interval(p.ci95, pct)}\n`;
}

/** A short readable table of one formation's outcome, with the same numbers as --json. */
export function printOutcomeTable(name: string, o: FormationOutcome, points: number | null): void {
  let s = `${name}${points !== null ? ` (${points} points)` : ''}\n`;
  s += `  ${'units killed (mean)'.padEnd(22)}${num(o.unitsKilled.mean).padStart(7)}  ${interval(o.unitsKilled.ci95, num)}\n`;
  s += `  ${'P(k killed)'.padEnd(22)}${o.unitsKilled.distribution.map((p, k) => `${k}: ${pct(p)}`).join('  ')}\n`;
  s += probLine('P(broken)', o.broken);
  s += probLine('P(destroyed)', o.destroyed);
  s += `  ${'Blast markers (mean)'.padEnd(22)}${num(o.blastMarkers.mean).padStart(7)}  ${interval(o.blastMarkers.ci95, num)}\n`;
  if (o.warEngineDamage.mean > 0) s += `  ${'war-engine damage'.padEnd(22)}${num(o.warEngineDamage.mean).padStart(7)}  ${interval(o.warEngineDamage.ci95, num)}\n`;
  if (points !== null) s += `  ${'points lost (mean)'.padEnd(22)}${num(o.pointsLost.mean).padStart(7)}  ${interval(o.pointsLost.ci95, num)}\n`;
  process.stdout.write(s);
}

/** The rules a run could not simulate, named (stderr). */
export function unsupportedNote(rules: string[], what = 'formations'): string {
  return `\nnot simulated (unsupported rules in these ${what}):\n${rules.map((r) => `  - ${r}\n`).join('')}`;
}

/**
 * Warns on stderr, once per command, of the rules its numbers leave out. A
 * warning, not a note: every command's text output has it, --quiet or not
 * (--quiet silences progress and the notes that only say what was done, such
 * as "wrote ..."); with --json it is the JSON's "unsupported" instead.
 */
export function warnNotSimulated(rules: readonly string[], what = 'formations'): void {
  if (rules.length > 0) process.stderr.write(unsupportedNote([...rules], what));
}

/**
 * A one-step shoot or assault of another rule system, as the NetEA commands print it: for an
 * assault, who wins with intervals and both sides' tables; for shooting, the target's table.
 */
export function printEngagementOutcome(
  job: { command: 'shoot' | 'assault'; attacker: { name: string; points: number | null }; target: { name: string; points: number | null } },
  result: SimulationResult,
): void {
  if (job.command === 'assault') {
    const a = assaultJson(result);
    const pct = (p: { p: number; ci95: [number, number] }) => `${(100 * p.p).toFixed(1)}% [${(100 * p.ci95[0]).toFixed(1)}%, ${(100 * p.ci95[1]).toFixed(1)}%]`;
    process.stdout.write(`  P(attacker wins)      ${pct(a.attackerWins)}\n  P(defender wins)      ${pct(a.defenderWins)}\n`);
    if (a.noResult.p > 0) process.stdout.write(`  P(no result)          ${pct(a.noResult)}\n`);
    process.stdout.write(`  P(no combat)          ${pct({ p: 1 - a.fought.p, ci95: [1 - a.fought.ci95[1], 1 - a.fought.ci95[0]] })}\n\n`);
    printOutcomeTable(`Attacker: ${job.attacker.name}`, outcomeAt(result.tally, result.layout, 0, 0), job.attacker.points);
    process.stdout.write('\n');
    printOutcomeTable(`Target: ${job.target.name}`, outcomeAt(result.tally, result.layout, 0, 1), job.target.points);
  } else {
    printOutcomeTable(job.target.name, outcomeAt(result.tally, result.layout, 0, 1), job.target.points);
  }
}

/**
 * The first line of a text output that names no data set otherwise (fair-cost,
 * matrix): the data set, when --datasheet overlays changed it, so that every
 * result read from a proposal names the proposal and its hash.
 */
export function overlayHeader(data: { id: string; version: string; overlays?: unknown[] }): string {
  return data.overlays !== undefined && data.overlays.length > 0 ? `data ${data.id} ${data.version}\n` : '';
}
