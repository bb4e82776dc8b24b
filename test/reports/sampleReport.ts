import { loadBuiltinDataset } from '../../src/model/loadDatasheets.js';
import { parseFormation } from '../../src/model/formation.js';
import { buildEngagement } from '../../src/reports/registry.js';
import { fairCost } from '../../src/reports/fairCost.js';
import { armyFormations, findArmy, runMatrix, simulateCells } from '../../src/reports/matrix.js';
import { sidePointsVariables } from '../../src/reports/metrics/pointsEfficiency.js';
import { simulateWithMoments } from '../../src/run/moments.js';
import { chartContext, type RunMeta, type RunReport } from '../../src/reports/report.js';
import { fairCostSection } from '../../src/reports/sections/fairCostSection.js';
import { matrixSection } from '../../src/reports/sections/matrixSection.js';
import { scriptReport } from '../../src/reports/sections/scriptReport.js';
import { compileScenario } from '../../src/scenarios/registry.js';
import { pairA, pairB } from './fixtures.js';

export const TRIALS = 600;

export function sampleMeta(title = 'Sample run'): RunMeta {
  const data = loadBuiltinDataset();
  return {
    title,
    command: "epic-balance shoot 'codex-astartes/tactical-detachment' --at ork-war-horde/warband --seed sample --trials 600 --chunk-size 300",
    seed: 'sample',
    trials: TRIALS,
    chunkSize: 300,
    simulations: 1,
    data: { id: data.id, version: data.version },
    toolVersion: '0.1.0',
    timings: { simulationMs: 1 },
    notes: ['A note for the reader.'],
  };
}

/**
 * A run report with every kind of section and chart: a shoot-then-assault
 * script (kill with two panels, break over four steps, assault, efficiency
 * with a measured exchange ratio), a 3 × 3 matrix and a fair cost.
 */
export async function sampleReport(): Promise<RunReport> {
  const data = loadBuiltinDataset();
  const meta = sampleMeta();
  const spec = buildEngagement(parseFormation(data, 'codex-astartes/tactical-detachment'), parseFormation(data, 'ork-war-horde/warband'), { kind: 'shoot-assault', action: 'advance', gap: 10 });
  const { result, moments } = simulateWithMoments({ spec, seed: meta.seed, scenario: 'sample', matchup: 'm', trials: TRIALS, chunkSize: 300 }, sidePointsVariables(spec, compileScenario(spec).layout));
  const report = scriptReport(spec, result, meta, moments);
  const titans = armyFormations(data, findArmy(data, 'titan-legion', 'army'));
  const matrix = await runMatrix({ rows: titans, cols: titans, engagement: { kind: 'shoot', action: 'advance', gap: 30 }, run: simulateCells(meta.seed, 200, 200) });
  report.sections.push(matrixSection(matrix, chartContext(meta)));
  const fc = await fairCost({ formation: pairA(250), opponents: [pairB(200)], engagement: { kind: 'shoot', action: 'advance', gap: 30 }, metric: 'exchange', run: { seed: meta.seed, trials: TRIALS, chunkSize: 300 } });
  report.sections.push(fairCostSection(fc, { kind: 'shoot', action: 'advance', gap: 30 }, chartContext(meta)));
  return report;
}
