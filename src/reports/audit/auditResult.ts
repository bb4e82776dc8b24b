import type { Battle } from '../../model/battle.js';
import type { FormationValue } from '../value/formationValue.js';
import { verdictOf } from '../value/verdict.js';
import type { AuditEntry } from './auditEntries.js';
import { kindFigures, validate, type Validation } from './auditValidation.js';
import { medianOf } from '../../stats/medianOf.js';
import { isArmyRuleNote } from '../../model/ruleReach.js';

/**
 * An audit's findings: every audited formation with its fair cost, its value
 * per point against its list's median, and the verdict; every formation left
 * out, with the reason; and the validation against the data set's costs.
 *
 * The verdict is on the list-relative fair cost (cost × value per point ÷ the
 * list's median value per point): a list's costs are set against each other,
 * and how far whole lists sit apart is a finding of its own (the validation's
 * list offset), not a reason to flag every formation of a list.
 */

export type AuditVerdict = 'fair' | 'under-costed' | 'over-costed' | 'unsupported-rules';

export interface AuditRow {
  army: string;
  formation: string;
  text: string;
  name: string;
  cost: number;
  warEngine: boolean;
  /** Ground, aircraft or spacecraft (the scenes it played). */
  kind: 'ground' | 'aircraft' | 'spacecraft';
  fairCost: { value: number; ci95: [number, number]; band: [number, number] };
  alternatives: Array<{ mix: string; value: number }>;
  valuePerPoint: number;
  /** Value per point ÷ its list's median value per point. */
  relativeToList: number;
  /** Cost × relativeToList, and the band on the same scale. */
  listFairCost: { value: number; band: [number, number] };
  verdict: AuditVerdict;
  /** Why the verdict, in a sentence (flagged formations only). */
  reason: string | null;
  unsupported: string[];
  /** Army- and force-level rules of its army that are not modelled (named; deciding the verdict only when ruleReach.ts says they could change an engagement). */
  armyRules: string[];
  /** Rules not modelled that act outside the engagements the model plays (named; not deciding the verdict). */
  outsideEngagement: string[];
  dominatedBy: string | null;
  /** The most trials any of its meetings ran (every meeting's, with a fixed --trials). */
  trialsPerMeeting: number;
  /** The trials of all its meetings together. */
  trials: number;
  /** For a formation the list lets the player choose units for: what the row used. */
  choice: string | null;
  /** For an option: how it differs from its formation's row ("@flakwagon", "+volcano-cannon x4"). */
  option: string | null;
  /** Each option valued beside the formation (a choice of units, a loadout), valued the same way, each at its own cost. */
  options: AuditRow[];
}

export interface SkippedRow {
  army: string;
  formation: string;
  cost: number | null;
  reason: string;
}

export interface AuditResult {
  rows: AuditRow[];
  skipped: SkippedRow[];
  validation: Validation;
  /** The battle's weights were fitted to this data set's costs: the halves are in-sample and held out. */
  fittedHere: boolean;
}

const round = (x: number) => (Number.isFinite(x) ? Math.round(x) : x);

export function summariseAudit(entries: AuditEntry[], values: FormationValue[], battle: Battle, dataId: string): AuditResult {
  const audited = entries.filter((e) => e.spec !== undefined);
  const vpp = values.map((v, i) => v.fairCost.estimate / audited[i]!.cost!);
  const own = audited.map((e) => e.variantOf === undefined);
  // The validation judges each formation as fielded by default; its options are reported beside it.
  const inputs = (kind: string) =>
    audited.flatMap((e, i) => (!own[i] || (e.kind ?? 'ground') !== kind ? [] : [{ army: e.army, cost: e.cost!, fairCost: values[i]!.fairCost.estimate, warEngine: e.warEngine, alternatives: values[i]!.alternatives.map((a) => a.estimate), fullySimulated: e.unsupported.length === 0 }]));
  const ground = inputs('ground');
  const validation = validate(
    ground,
    battle.alternatives.map((a) => a.id),
    battle.fitted !== undefined && battle.fitted.data === dataId ? battle.fitted : undefined,
    battle.fitted !== undefined && battle.fitted.data !== dataId ? battle.fitted.data : undefined,
  );
  // Aircraft and spacecraft are judged on the ground formations' scale: their list's median value per point.
  const groundMedian = medianOf(ground.filter((r) => Number.isFinite(r.fairCost)).map((r) => r.fairCost / r.cost));
  for (const kind of ['aircraft', 'spacecraft'] as const) {
    const rows = inputs(kind);
    if (rows.length > 0) validation[kind] = kindFigures(rows, validation.listMedians, groundMedian);
  }
  const margin = battle.margin.value;
  const all = audited.map((e, i): AuditRow => {
    const v = values[i]!;
    const cost = e.cost!;
    const median = validation.listMedians[e.army] ?? NaN;
    const relative = vpp[i]! / median;
    const band: [number, number] = [v.fairCost.band[0] / median, v.fairCost.band[1] / median];
    const flagged = verdictOf(cost, band, margin);
    const verdict: AuditVerdict = flagged !== 'fair' && e.unsupported.length > 0 ? 'unsupported-rules' : flagged;
    const lo = round(band[0]);
    const hi = round(band[1]);
    const reason =
      flagged === 'fair'
        ? null
        : `worth ${relative.toFixed(2)}x its list's median per point (band ${lo} to ${hi} against a cost of ${cost})` +
          (verdict === 'unsupported-rules' ? `; not a finding while ${e.unsupported.length} of its rules are not simulated` : '') +
          (v.dominatedBy ? `; ${v.dominatedBy}` : '');
    return {
      army: e.army,
      formation: e.formation,
      text: e.text,
      name: v.formation,
      cost,
      warEngine: e.warEngine,
      kind: e.kind ?? 'ground',
      fairCost: { value: v.fairCost.estimate, ci95: v.fairCost.ci95, band: v.fairCost.band },
      alternatives: v.alternatives.map((a) => ({ mix: a.mix, value: a.estimate })),
      valuePerPoint: vpp[i]!,
      relativeToList: relative,
      listFairCost: { value: cost * relative, band },
      verdict,
      reason,
      unsupported: e.unsupported,
      armyRules: [...e.unsupported, ...e.outsideEngagement].filter(isArmyRuleNote),
      outsideEngagement: e.outsideEngagement,
      dominatedBy: v.dominatedBy,
      trialsPerMeeting: v.trialsPerMeeting,
      trials: v.trials,
      choice: e.spec!.choice ?? null,
      option: e.option ?? null,
      options: [],
    };
  });
  const rows = all.filter((_, i) => own[i]);
  audited.forEach((e, i) => {
    if (!own[i]) rows.find((r) => r.text === e.variantOf)?.options.push(all[i]!);
  });
  const skipped = entries.filter((e) => e.spec === undefined && e.variantOf === undefined).map((e) => ({ army: e.army, formation: e.formation, cost: e.cost, reason: e.skipped! }));
  return { rows, skipped, validation, fittedHere: battle.fitted !== undefined && battle.fitted.data === dataId };
}
