/**
 * The reports library: metrics with 95% intervals, fair cost, the matrix,
 * Vega-Lite charts, CSV, report.html and the run folder (docs/reports.md).
 */
export { formationOutcome, outcomeAt, probability, type FormationOutcome, type Mean, type Probability } from './aggregate.js';
export { covarianceOfMeans } from '../stats/covarianceOfMeans.js';
export { fiellerInterval } from '../stats/fiellerInterval.js';
export { meanInterval } from '../stats/meanInterval.js';
export { varianceOfMean } from '../stats/varianceOfMean.js';
export { wilsonInterval } from '../stats/wilsonInterval.js';
export { Z95 } from '../stats/z95.js';
export { killProbability, type KillProbability, type KillRow } from './metrics/killProbability.js';
export { breakChance, breakChanceByTurn, type BreakChancePoint } from './metrics/breakChance.js';
export { assaultOutcomes, type AssaultOutcome } from './metrics/assaultOutcome.js';
export { actingFormations, pointsEfficiency, sidePointsVariables, type Ratio, type SideEfficiency } from './metrics/pointsEfficiency.js';
export { simulateWithMoments, type Moments, type MomentsRequest, type TrialVariable } from '../run/moments.js';
export { DEFAULT_GAPS, describeEngagement, ENGAGEMENT_KINDS, type EngagementBuilder, type EngagementKind, type EngagementSettings } from './engagementKinds.js';
export { buildEngagement, engagementBuilderOf } from './registry.js';
export { fairCost, FAIR_COST_DEFINITIONS, FAIR_COST_METRICS, runMeeting, solveFairCost, withCost, type FairCostInput, type FairCostMetric, type FairCostResult } from './fairCost.js';
export { armyFormations, findArmy, runMatrix, simulateCells, type ArmyFormations, type MatrixCell, type MatrixResult } from './matrix.js';
export { toCsv, type CsvTable } from './csv.js';
export { COLUMNS } from './csvColumns.js';
export { DEFINITIONS } from './definitions.js';
export { barChart } from './charts/barChart.js';
export { breakChart } from './charts/breakChart.js';
export { fairCostChart } from './charts/fairCostChart.js';
export { killChart } from './charts/killChart.js';
export { matrixChart } from './charts/matrixChart.js';
export { finishChart, type ChartContext, type VlSpec } from './charts/frame.js';
export { renderSvg, svgToPng, toVega } from './render.js';
export { reportHtml } from './html.js';
export { chartContext, commandLine, type ReportSection, type RunMeta, type RunReport } from './report.js';
export { assaultSection } from './sections/assaultSection.js';
export { breakSection } from './sections/breakSection.js';
export { efficiencySection } from './sections/efficiencySection.js';
export { fairCostHeadline, fairCostSection } from './sections/fairCostSection.js';
export { killSection } from './sections/killSection.js';
export { matrixSection } from './sections/matrixSection.js';
export { scriptReport } from './sections/scriptReport.js';
export { reproducibleCommand, runMeta, writeCommandReport, writeScriptReport, type RunFacts } from './runReport.js';
export { writeRunReport, type WrittenReport } from './writeRunReport.js';
