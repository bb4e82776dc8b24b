import type { CsvTable } from './csv.js';

/**
 * Every column any report writes, with its meaning: the stable CSV contract
 * (docs/reports.md lists the same). Columns are only ever added, never renamed.
 */
export const COLUMNS: Record<string, string> = {
  step: 'position of the step in the script, from 1',
  turn: 'turn the step belongs to, from 1',
  end_of_turn: 'true for the last step of its turn: the value "after turn N"',
  step_label: 'what the step does',
  formation: 'formation name',
  side: 'side of the formation: 0 (acting first) or 1',
  role: 'attacker or defender in the assault',
  units: 'units in the formation at the start',
  k: 'number of units destroyed',
  formations: 'acting formations of the side, joined by " + "',
  points: 'points cost of the formation(s)',
  formation_points: 'points cost of the acting formation',
  target: 'target formation name',
  target_points: 'points cost of the target formation',
  engagement: 'the engagement staged between the two formations',
  variant: 'the experiment variant (its parameter values or label)',
  opponent: 'opponent formation name',
  opponent_points: 'points cost of the opponent',
  metric: 'fair-cost metric: exchange, efficiency or win',
  cost: 'points cost of the formation',
  measure: 'what the value is (see the tables in docs/reports.md)',
  value: 'the estimate',
  ci95_low: 'lower end of the 95% interval (Wilson for probabilities, normal for means, Fieller for ratios)',
  ci95_high: 'upper end of the 95% interval (Infinity when unbounded)',
  note: 'how the interval was obtained when it is not the default, or why a value is missing',
  army: 'army list id',
  list: 'which list of a matchup the formation belongs to: mine (the first list file) or theirs',
  acting: 'whose formations act in the meetings counted: mine (the first list file) or theirs',
  points_from: 'lower bound of the bin of points lost in one trial (included)',
  points_to: 'upper bound of the bin of points lost in one trial (excluded)',
  probability: 'probability that a trial of the meetings counted falls in the bin',
  war_engine: '1 when the formation is or holds war engines',
  kind: 'ground, aircraft or spacecraft: which scenes of the battle the formation plays',
  army_rules: 'army- and force-level rules of its army that are not simulated (they may apply to some of its formations only)',
  outside_engagement: 'rules of its army or force that are not simulated and act outside the engagements the model plays (terrain, moves, deployment, the order of actions, summoning, list building: src/model/ruleReach.ts), joined by "; "',
  trials_per_meeting: 'the most trials any meeting of the formation ran (with a fixed --trials, every meeting\'s; by need, the meetings that decide its fair cost run more than the rest)',
  trials: 'the trials of all the formation\'s meetings together',
  fair_cost: 'the fair cost under the battle\'s mix (efficiency parity unless --metric says otherwise)',
  band_low: 'lowest 95% interval bound of the fair cost over the battle\'s mix and its alternative mixes',
  band_high: 'highest 95% interval bound of the fair cost over the battle\'s mix and its alternative mixes',
  value_per_point: 'fair cost divided by cost',
  relative_to_list: 'value per point divided by the median value per point of its list',
  list_fair_cost: 'cost times relative_to_list: the fair cost with the list\'s offset taken out',
  verdict: 'fair, under-costed, over-costed, or unsupported-rules (would be flagged but carries rules not simulated)',
  reason: 'why the formation is flagged, or why it is not audited',
  goal: 'the value the measure should reach (issue 15 of the project)',
  unsupported: 'rules of the formation the simulator does not model, joined by "; "',
  predictor: 'what predicted the cost in the held-out validation: baseline, simulation, simulation-scaled or baseline-with-simulation (src/reports/validation/heldOutValidation.ts)',
  baseline: 'the datasheet baseline\'s value of the same measure and kind, the figure the predictor must beat',
  formation_role: 'the formation\'s role read off its datasheet (src/reports/validation/formationRole.ts): war engines, characters, artillery, skimmers, ...',
  opponent_army: 'the list played against (tournament.csv; empty: against the field)',
  army_index: 'which of the list\'s random armies, from 1 (tournament)',
  policy: 'the players\' policy, played by both (tournament)',
  games: 'games the value counts',
  roster: 'the army\'s formations as its list file names them, joined by " + "',
};

/**
 * Throws unless every column of the table is documented in COLUMNS. The report writer
 * (writeRunReport.ts) checks every table it writes; the page's downloads are the same tables,
 * and leave the descriptions out of its bundle.
 */
export function checkDocumentedColumns(table: CsvTable): void {
  for (const c of table.columns) if (!(c in COLUMNS)) throw new Error(`CSV column "${c}" of ${table.name}.csv is not documented in COLUMNS`);
}
