import type { ScenarioSpec } from '../../scenarios/registry.js';
import type { SimulationResult } from '../../run/simulate.js';
import type { Moments } from '../../run/moments.js';
import { chartContext, type ReportSection, type RunMeta, type RunReport } from '../report.js';
import { assaultSection } from './assaultSection.js';
import { breakSection } from './breakSection.js';
import { efficiencySection } from './efficiencySection.js';
import { killSection } from './killSection.js';

/**
 * The report of one simulated script (shoot, assault, an experiment): kill
 * probability, break chance, assault outcome (if it has assaults) and points
 * efficiency, each with its CSV and chart.
 */
export function scriptReport(spec: ScenarioSpec, result: SimulationResult, meta: RunMeta, moments?: Moments, note?: string): RunReport {
  const ctx = chartContext(meta, note);
  const sections: ReportSection[] = [killSection(spec, result, ctx), breakSection(spec, result, ctx)];
  const assault = assaultSection(spec, result, ctx);
  if (assault) sections.push(assault);
  const efficiency = efficiencySection(spec, result, ctx, moments);
  if (efficiency) sections.push(efficiency);
  return { meta, sections };
}
