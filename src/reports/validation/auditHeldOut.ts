import type { Battle } from '../../model/battle.js';
import type { AuditEntry } from '../audit/auditEntries.js';
import type { FormationValue } from '../value/formationValue.js';
import type { ParityMetric } from '../value/parityCost.js';
import { formationFeatures } from './formationFeatures.js';
import { formationRole } from './formationRole.js';
import { heldOutValidation, type HeldOutValidation } from './heldOutValidation.js';

/** The fewest lists a held-out validation runs on: one held out, and at least two to choose λ between. */
export const HELD_OUT_MIN_LISTS = 3;

/**
 * The audit's held-out validation (heldOutValidation.ts) of its formations as
 * fielded by default (the options valued beside them are not judged, as in the
 * audit's own validation), `values` being those of the audited entries in
 * order; or why it cannot run, when the audit covers fewer than
 * HELD_OUT_MIN_LISTS lists.
 */
export function auditHeldOut(entries: readonly AuditEntry[], values: readonly FormationValue[], battle: Battle, metric: ParityMetric): HeldOutValidation | { notRun: string } {
  const audited = entries.filter((e) => e.spec !== undefined);
  const rows = audited.flatMap((e, i) => {
    if (e.variantOf !== undefined) return [];
    const kind = e.kind ?? 'ground';
    const v = values[i]!;
    return [{ army: e.army, text: e.text, cost: e.cost!, kind, warEngine: e.warEngine, features: formationFeatures(e.spec!, kind), role: formationRole(e.spec!, kind), model: v.model }];
  });
  const lists = new Set(rows.map((r) => r.army)).size;
  if (lists < HELD_OUT_MIN_LISTS) return { notRun: `the audit covers ${lists} list${lists === 1 ? '' : 's'}; leave-one-list-out needs ${HELD_OUT_MIN_LISTS} or more` };
  return heldOutValidation(rows, battle, metric);
}
