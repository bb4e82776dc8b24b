import { rulesName } from '../../../model/registry.js';
import type { Estimate } from '../reports/matchup/linearEstimate.js';
import type { FieldResult, MatchupResult, MatchupSide, PairRow } from '../reports/matchup/matchupResult.js';
import type { MatchupRun } from '../reports/matchup/listMatchup.js';

/** The text output of `matchup`: the same numbers as --json, laid out for a player. */

const num = (x: number, d = 1) => x.toFixed(d);
const est = (e: Estimate, d = 1) => `${num(e.mean, d)} [${num(e.ci95[0], d)}, ${num(e.ci95[1], d)}]`;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(0)}`;
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const label = (side: MatchupSide, i: number) => `${i + 1}. ${side.formations[i]!.name}`;

function header(run: MatchupRun): string {
  return `rules ${rulesName(run.rules)} · data ${run.data.id} ${run.data.version} · battle ${run.battle.name} v${run.battle.version} (${run.battle.file}) · seed "${run.seed}" · ${run.trials.toLocaleString('en')} trials per meeting\n`;
}

function formationTable(side: MatchupSide, rows: MatchupResult['formations']['mine'], losses: MatchupResult['losses']['mine'] | null): string {
  let s = `  ${'formation'.padEnd(40)}${'pts'.padStart(5)}  ${'destroyed/100'.padEnd(22)}${'lost/100'.padEnd(22)}${'net/100'.padEnd(24)}${losses !== null ? 'share of its list\'s losses' : ''}\n`;
  for (const r of rows) {
    const loss = losses?.[r.index];
    s += `  ${cut(label(side, r.index), 39).padEnd(40)}${String(r.points).padStart(5)}  ${est(r.destroyedPer100).padEnd(22)}${est(r.lostPer100).padEnd(22)}${est(r.netPer100).padEnd(24)}${loss !== undefined ? `${(100 * loss.share).toFixed(1)}%` : ''}\n`;
  }
  return s;
}

export function printMatchup(r: MatchupResult, run: MatchupRun): void {
  const { mine, theirs } = r;
  let s = `matchup: ${mine.name} (${mine.army.name}, ${mine.points} points) against ${theirs.name} (${theirs.army.name}, ${theirs.points} points)\n`;
  s += header(run);
  s += `\npoints destroyed per 100 points of the list, each formation meeting the other list's formations by their share of its points (95% intervals):\n`;
  s += `  ${cut(mine.name, 38).padEnd(40)}destroys ${est(r.lists.mine.destroyedPer100)}   loses ${est(r.lists.mine.lostPer100)}\n`;
  s += `  ${cut(theirs.name, 38).padEnd(40)}destroys ${est(r.lists.theirs.destroyedPer100)}   loses ${est(r.lists.theirs.lostPer100)}\n`;
  s += `\nmy formations, each in its own meetings (per 100 of its points; share of my list's losses when theirs act):\n${formationTable(mine, r.formations.mine, r.losses.mine)}`;
  s += `\ntheir formations:\n${formationTable(theirs, r.formations.theirs, r.losses.theirs)}`;
  s += `\nagainst each of their formations: my best answers (net points per 100 of mine) and the formations of mine it threatens most (share of it destroyed in their meeting):\n`;
  const cell = (i: number, j: number) => r.pairs[i * theirs.formations.length + j]!;
  for (const e of r.enemies) {
    const best = e.best.slice(0, 3).map((i) => `${label(mine, i)} ${signed((cell(i, e.theirs) as PairRow).netPer100.mean)}`);
    const threat = e.threatened.slice(0, 3).map((i) => `${label(mine, i)} ${(100 * (cell(i, e.theirs) as PairRow).shareLost.mean).toFixed(0)}%`);
    s += `  ${label(theirs, e.theirs)} (${theirs.formations[e.theirs]!.points})\n    best: ${best.join('; ') || 'none of mine meets it'}\n    threatens: ${threat.join('; ') || 'none'}\n`;
  }
  s += `\nnet points per 100 points of my formation (rows) against theirs (columns):\n`;
  s += theirs.formations.map((f, j) => `  [${j + 1}] ${f.name} (${f.points})\n`).join('');
  s += `${''.padEnd(42)}${theirs.formations.map((_, j) => `[${j + 1}]`.padStart(7)).join('')}\n`;
  mine.formations.forEach((_, i) => {
    s += `  ${cut(label(mine, i), 39).padEnd(40)}${theirs.formations.map((_, j) => { const p = cell(i, j); return (p.met ? num(p.netPer100.mean, 0) : '—').padStart(7); }).join('')}\n`;
  });
  const unmet = r.pairs.filter((p) => !p.met);
  if (unmet.length > 0) s += `\nnot met (${unmet.length} pairs): ${[...new Set(unmet.map((p) => ('why' in p ? p.why : '')))].join('; ')}\n`;
  s += `\n(${r.meetings.toLocaleString('en')} meetings: one copy against one copy in every scene the pair plays; definitions in docs/rosters.md, "Matchups")\n`;
  process.stdout.write(s);
}

export function printField(r: FieldResult, run: MatchupRun): void {
  let s = `matchup: ${r.mine.name} (${r.mine.army.name}, ${r.mine.points} points) against ${r.field.source} (${r.field.formations.length} formations${r.field.lists.length > 0 ? ` in ${r.field.lists.length} lists` : ''})\n`;
  s += header(run);
  s += `\nthe list, per 100 of its points: destroys ${est(r.list.destroyedPer100)}, loses ${est(r.list.lostPer100)}, net ${est(r.list.netPer100)}\n`;
  s += `\nmy formations against the field, best first by net points per 100 of their points:\n`;
  s += `  ${'formation'.padEnd(40)}${'pts'.padStart(5)}${'of list'.padStart(9)}  ${'net/100'.padEnd(24)}${'destroyed/100'.padEnd(22)}lost/100\n`;
  for (const f of r.ranking) s += `  ${cut(label(r.mine, f.index), 39).padEnd(40)}${String(f.points).padStart(5)}${`${(100 * f.shareOfList).toFixed(0)}%`.padStart(9)}  ${est(f.netPer100).padEnd(24)}${est(f.destroyedPer100).padEnd(22)}${est(f.lostPer100)}\n`;
  const unmet = r.pairs.filter((p) => !p.met);
  if (unmet.length > 0) s += `\nnot met (${unmet.length} pairs): ${[...new Set(unmet.map((p) => ('why' in p ? p.why : '')))].join('; ')}\n`;
  s += `\n(${r.meetings.toLocaleString('en')} meetings: one copy against one copy in every scene the pair plays; definitions in docs/rosters.md, "Matchups")\n`;
  process.stdout.write(s);
}
