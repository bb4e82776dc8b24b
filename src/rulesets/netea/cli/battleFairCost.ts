import { InputError } from '../../../model/inputError.js';
import { loadBattle } from '../../../model/loadBattle.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { rulesName } from '../../../model/registry.js';
import { battleValueSection } from '../../../reports/sections/battleValueSection.js';
import { battleFairCostInputs, battleFairCostJson, battleFairCostRun, judgedFairCost, unsupportedRules } from '../../../reports/value/battleFairCost.js';
import type { ParityMetric } from '../../../reports/value/parityCost.js';
import { valueFormations } from '../../../reports/value/valueFormations.js';
import { printBattleValue, unsupportedNotes, writeFairCostReport, type FairCostOptions } from '../../../cli/fairCost.js';
import { overlayHeader, warnNotSimulated } from '../../../cli/print.js';
import { variantNotes, type RulesVariant } from '../model/rulesVariant.js';

/** `fair-cost` against the battle's field (or the --vs formations) over the battle's scenes. */
export async function fairCostInBattle(text: string, o: FairCostOptions, variant: RulesVariant): Promise<void> {
  if (o.metric === 'win') throw new InputError([{ file: 'option --metric', path: '', message: 'win parity is defined for a single engagement: add --engagement shoot|assault|shoot-assault, or use efficiency or exchange' }]);
  const metric: ParityMetric = o.metric ?? 'efficiency';
  const started = performance.now();
  const loaded = loadBattle(o.battle);
  const data = loadDataset(o.data, o.datasheet);
  const inputs = battleFairCostInputs(data, loaded, text, o.vs);
  for (const note of inputs.notes) process.stderr.write(`note: ${note}\n`);
  const { formation, opponents } = inputs;
  const [value] = await valueFormations([formation], opponents, loaded.battle, { ...battleFairCostRun(o, inputs, variant), metric, workers: o.workers, exactOpponents: true });
  const v = judgedFairCost(value!, o.cost, loaded, formation, o.vs !== undefined);
  const battleName = `${loaded.battle.name} v${loaded.battle.version}`;
  const margin = loaded.battle.margin.value;
  if (o.json) {
    process.stdout.write(JSON.stringify(battleFairCostJson({ variant, run: o, data, loaded, inputs, value: v, cost: o.cost }), null, 2) + '\n');
  } else {
    if (variant !== 'netea') process.stdout.write(`rules: ${rulesName(variant)}\n`);
    process.stdout.write(overlayHeader(data));
    printBattleValue(v, battleName, margin, formation.choice);
    warnNotSimulated(unsupportedRules([formation, ...opponents]));
  }
  if (o.out !== undefined) {
    const notes = [`Battle: ${battleName} (${loaded.file}).`, ...unsupportedNotes([formation, ...opponents]), ...variantNotes(variant).map((n) => `Not simulated: ${n}`)];
    await writeFairCostReport(o, { formation, data, simulations: v.meetings, simulationMs: Math.round(performance.now() - started), notes, rules: variant }, (ctx) => battleValueSection(v, battleName, margin, ctx));
  }
}
