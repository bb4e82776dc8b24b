import type { FormationSpec } from '../../../model/formation.js';
import { InputError } from '../../../model/inputError.js';
import { parseEpic40kDetachment } from '../model/detachment.js';
import { epic40kWithCost } from '../model/withCost.js';
import { epic40kData, loadEpic40kLists } from '../model/load.js';
import type { EngagementSettings } from '../../../reports/engagementKinds.js';
import { fairCost, type FairCostMetric, type FairCostResult, type FairCostRules } from '../../../reports/fairCost.js';
import { chartContext } from '../../../reports/report.js';
import { runMeta } from '../../../reports/runReport.js';
import { battleValueSection } from '../../../reports/sections/battleValueSection.js';
import { fairCostHeadline, fairCostSection } from '../../../reports/sections/fairCostSection.js';
import type { ParityMetric } from '../../../reports/value/parityCost.js';
import { valueFormations } from '../../../reports/value/valueFormations.js';
import { judgedAt } from '../../../reports/value/fixedPointValue.js';
import { writeRunReport } from '../../../reports/writeRunReport.js';
import { EPIC40K_ASSAULT_GAP, EPIC40K_RANK_WIDTH, EPIC40K_SHOOT_GAP, EPIC40K_SPACING, epic40kAssaultEngagement, epic40kShootEngagement, OPEN_GROUND } from '../engine/engagements.js';
import type { Epic40kDetachment } from '../model/spec.js';
import { EPIC40K_TITLE } from '../scenarios/epic40kJobs.js';
import { epic40kBattleField, loadEpic40kBattle, planEpic40kValue } from '../reports/epic40kValuePlan.js';
import type { SimOptions } from '../../../cli/simOptions.js';
import { fairCostJson, printBattleValue } from '../../../cli/fairCost.js';
import { battleValueJson } from '../../../reports/value/battleFairCost.js';

/**
 * `fair-cost --rules epic40k <detachment>`: by default the battle-based fair
 * cost (the shared value machinery, src/reports/value/, in the Epic 40,000
 * reference battle battles/epic40k-reference.json or --battle, against its
 * field or the --vs detachments; epic40kValuePlan.ts plays its scenes); with
 * `--engagement shoot|assault --vs <detachment...>` the single-engagement
 * search (src/reports/fairCost.ts, unchanged: every opponent met twice, each
 * side acting once, on common random numbers; exchange, efficiency and win
 * parity) with Epic 40,000 engagements.
 */

/** The shared search reads a formation's name, text, points and units; an Epic 40,000 detachment has them under the same names. */
const asFormation = (d: Epic40kDetachment) => d as unknown as FormationSpec;
const asDetachment = (f: FormationSpec) => f as unknown as Epic40kDetachment;

/** The engagements: a shot at `gap` cm (both detachments in the open, no orders), or an assault from `gap` cm (the actor on Assault orders). */
export function epic40kFairCostRules(): FairCostRules {
  return {
    build: (actor, target, s) => {
      const geometry = { gap: s.gap, rankWidth: EPIC40K_RANK_WIDTH, spacing: EPIC40K_SPACING };
      if (s.kind === 'shoot') return epic40kShootEngagement(asDetachment(actor), asDetachment(target), { geometry, attacker: OPEN_GROUND, target: OPEN_GROUND });
      if (s.kind === 'assault') return epic40kAssaultEngagement(asDetachment(actor), asDetachment(target), { geometry, attacker: { ...OPEN_GROUND, order: 'assault' }, target: OPEN_GROUND });
      throw new InputError([{ file: 'option --engagement', path: '', message: 'under --rules epic40k the engagements are shoot and assault (shoot-assault is NetEA\'s two-turn script)' }]);
    },
    withCost: (f, cost) => asFormation(epic40kWithCost(asDetachment(f), cost)),
    unpriced: 'the opponent has no points cost: one of its units is priced by no row of the detachment cards (docs/epic40k.md, Points); name units the cards price',
  };
}

export interface Epic40kFairCostWords {
  vs?: string[];
  battle?: string;
  metric?: FairCostMetric;
  engagement?: 'shoot' | 'assault' | 'shoot-assault';
  gap?: number;
  out?: string;
  cost?: number;
}

/** What the engagement is, in words, for the report. */
function describe(e: EngagementSettings): string {
  return e.kind === 'shoot' ? `one Epic 40,000 shooting attack at ${e.gap} cm (both detachments in the open, no orders)` : `one Epic 40,000 assault from ${e.gap} cm (the charging detachment on Assault orders; close combat and firefight)`;
}

/** Runs the search and prints, writes --json and --out as the NetEA single-engagement fair cost does, naming the rules. */
export async function epic40kFairCost(text: string, o: Epic40kFairCostWords & SimOptions): Promise<void> {
  if (o.engagement === undefined) return epic40kFairCostInBattle(text, o);
  if (o.cost !== undefined) throw new InputError([{ file: 'option --cost', path: '', message: 'a proposed cost is judged by the battle\'s verdict; the single-engagement search (--engagement) has none: leave out --engagement' }]);
  if (o.engagement === 'shoot-assault') throw new InputError([{ file: 'option --engagement', path: '', message: 'under --rules epic40k the engagements are shoot and assault (shoot-assault is NetEA\'s two-turn script)' }]);
  if (o.vs === undefined) throw new InputError([{ file: 'option --vs', path: '', message: 'a single-engagement fair cost (--engagement) needs the opponents: give --vs <detachment...>' }]);
  const lists = loadEpic40kLists();
  const detachment = parseEpic40kDetachment(lists, text);
  const opponents = o.vs.map((v) => parseEpic40kDetachment(lists, v));
  const metric: FairCostMetric = o.metric ?? 'exchange';
  const engagement: EngagementSettings = { kind: o.engagement, action: 'advance', gap: o.gap ?? (o.engagement === 'shoot' ? EPIC40K_SHOOT_GAP : EPIC40K_ASSAULT_GAP) };
  const started = performance.now();
  const result: FairCostResult = await fairCost({ formation: asFormation(detachment), opponents: opponents.map(asFormation), engagement, metric, run: { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize }, rules: epic40kFairCostRules() });
  const simulationMs = Math.round(performance.now() - started);
  const data = epic40kData();
  const { kind, gap } = engagement;
  if (o.json) process.stdout.write(JSON.stringify({ rules: 'epic40k', trials: o.trials, seed: o.seed, chunkSize: o.chunkSize, data, engagement: { kind, action: 'none', gap }, ...fairCostJson(result) }, null, 2) + '\n');
  else {
    process.stdout.write(`${EPIC40K_TITLE}: ${fairCostHeadline(result)}\n(rules epic40k, data ${data.id} ${data.version}; ${describe(engagement)}; ${result.trialsPerMeeting.toLocaleString('en')} trials per meeting, ${result.meetings.length} meetings)\n`);
  }
  if (o.out !== undefined) {
    const notes = [...new Set([detachment, ...opponents].flatMap((d) => d.unsupported))].map((r) => `Not simulated: ${r}`);
    const meta = runMeta({ title: `${EPIC40K_TITLE}: fair cost of ${detachment.name}`, argv: process.argv.slice(2), seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, data, rules: 'epic40k', simulations: result.meetings.length, timings: { simulationMs }, notes });
    const written = await writeRunReport({ meta, sections: [fairCostSection(result, engagement, chartContext(meta), describe(engagement))] }, o.out);
    if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
  }
}

/** The fair cost in the Epic 40,000 reference battle (or --battle), against its field or the --vs detachments: printed, --json and --out as NetEA's. */
async function epic40kFairCostInBattle(text: string, o: Epic40kFairCostWords & SimOptions): Promise<void> {
  if (o.metric === 'win') throw new InputError([{ file: 'option --metric', path: '', message: 'win parity is defined for a single engagement: add --engagement shoot|assault, or use efficiency or exchange' }]);
  const metric: ParityMetric = o.metric ?? 'efficiency';
  const started = performance.now();
  const loaded = loadEpic40kBattle(o.battle);
  const lists = loadEpic40kLists();
  const detachment = parseEpic40kDetachment(lists, text);
  const opponents = o.vs !== undefined ? o.vs.map((v) => parseEpic40kDetachment(lists, v)) : epic40kBattleField(loaded);
  const [value] = await valueFormations([asFormation(detachment)], opponents.map(asFormation), loaded.battle, { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, metric, workers: o.workers, plan: planEpic40kValue, exactOpponents: true });
  // The fair cost never reads a cost; a proposed one (--cost) changes only what the verdict judges.
  const v = o.cost !== undefined ? judgedAt(value!, o.cost, loaded.battle.margin.value) : value!;
  if (v.meetings === 0) throw new InputError([{ file: o.vs !== undefined ? 'option --vs' : loaded.file, path: '', message: `no opponent outside ${detachment.armyId ?? 'its own list'}: the field leaves out the detachment's own list` }]);
  const battleName = `${loaded.battle.name} v${loaded.battle.version}`;
  const margin = loaded.battle.margin.value;
  const data = epic40kData();
  if (o.json) process.stdout.write(JSON.stringify({ rules: 'epic40k', trials: o.trials, seed: o.seed, chunkSize: o.chunkSize, data, battle: { name: loaded.battle.name, version: loaded.battle.version, file: loaded.file }, ...battleValueJson(v), costFrom: o.cost !== undefined ? 'option --cost' : detachment.points !== null ? 'army list' : null, statedCost: detachment.points }, null, 2) + '\n');
  else {
    process.stdout.write(`${EPIC40K_TITLE}\n`);
    printBattleValue(v, battleName, margin, undefined);
  }
  if (o.out !== undefined) {
    const notes = [`Battle: ${battleName} (${loaded.file}).`, ...[...new Set([detachment, ...opponents].flatMap((d) => d.unsupported))].map((r) => `Not simulated: ${r}`)];
    const meta = runMeta({ title: `${EPIC40K_TITLE}: fair cost of ${detachment.name}`, argv: process.argv.slice(2), seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, data, rules: 'epic40k', simulations: v.meetings, timings: { simulationMs: Math.round(performance.now() - started) }, notes });
    const written = await writeRunReport({ meta, sections: [battleValueSection(v, battleName, margin, chartContext(meta))] }, o.out);
    if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
  }
}
