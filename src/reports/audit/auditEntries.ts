import type { Dataset } from '../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../model/formation.js';
import { formationVariants } from '../../model/formationChoice.js';
import { InputError } from '../../model/inputError.js';
import type { Formation } from '../../model/schema.js';
import { flyingKind, type FlyingKind } from '../../model/flyingKind.js';
import { changesAnEngagement, isArmyRuleNote } from '../../model/ruleReach.js';

/** A formation's own rule, or an army rule that could change an engagement: see AuditEntry.unsupported. */
const holdsBackVerdict = (note: string): boolean => !isArmyRuleNote(note) || changesAnEngagement(note);

/**
 * The formations an audit covers: every formation of every army list of the
 * data set (or of the lists asked for), each either audited or skipped with
 * the reason, so no formation drops out of a report unnamed.
 */
export interface AuditEntry {
  army: string;
  armyName: string;
  /** The formation text the audit runs ("army/formation"). */
  text: string;
  formation: string;
  cost: number | null;
  warEngine: boolean;
  /**
   * Rules not modelled that hold back a verdict ('unsupported-rules'): every rule the formation's
   * own units carry (what it is worth outside the model's engagements, moving or deploying, is
   * not valued either), and the army's or force's that could change an engagement (ruleReach.ts).
   */
  unsupported: string[];
  /** The army's or force's rules not modelled that act outside the engagements the model plays: named, never deciding a verdict. */
  outsideEngagement: string[];
  /** Why it is not audited; absent when it is. */
  skipped?: string;
  spec?: FormationSpec;
  /** For an option of a formation's choice of units ("army/formation@option"): the formation's own text. */
  variantOf?: string;
  /** Ground, aircraft or spacecraft: which scenes of the battle it plays, and which validation figures it counts in. */
  kind?: FlyingKind;
}

const EMPTY_MOUNTS = /weapon mounts? empty/;

/** Lists of the data set by id, in data set order; unknown ids are an InputError naming the ones there are. */
export function auditLists(data: Dataset, lists?: string[]): string[] {
  const all = [...data.armies.keys()];
  if (lists === undefined || lists.length === 0) return all;
  const unknown = lists.filter((l) => !data.armies.has(l));
  if (unknown.length > 0) {
    throw new InputError([{ file: 'option --lists', path: '', message: `no army list ${unknown.map((u) => `"${u}"`).join(', ')} in data set ${data.id} (lists: ${all.join(', ')})` }]);
  }
  return all.filter((a) => lists.includes(a));
}

/**
 * Every formation as fielded by default, then, for a formation whose list lets
 * the player choose its units, each option on its own (formationVariants): the
 * options are valued and reported with their formation, the validation uses
 * the default pick only.
 */
export function auditEntries(data: Dataset, lists: string[]): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const armyId of lists) {
    const army = data.armies.get(armyId)!;
    for (const f of army.formations) {
      for (const text of formationVariants(data, army.id, f.id)) out.push(auditEntry(data, army.name, f, text));
    }
  }
  return out;
}

function auditEntry(data: Dataset, armyName: string, f: Formation, text: string): AuditEntry {
  const armyId = text.slice(0, text.indexOf('/'));
  const base = { army: armyId, armyName, text, formation: f.id, cost: f.points, warEngine: f.kind === 'war-engine', ...(text.includes('@') ? { variantOf: text.slice(0, text.indexOf('@')) } : {}) };
  let spec: FormationSpec;
  try {
    spec = parseFormation(data, text);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { ...base, unsupported: [], outsideEngagement: [], skipped: `cannot be built: ${e.problems.map((p) => p.message).join('; ')}` };
  }
  // A pick priced per unit (Leman Russ variants) costs what it fields, not the formation's default.
  const entry = { ...base, cost: spec.points !== null && spec.points > 0 ? spec.points : base.cost, warEngine: base.warEngine || spec.units.some((u) => u.unit.type === 'WE'), unsupported: spec.unsupported.filter(holdsBackVerdict), outsideEngagement: spec.unsupported.filter((r) => !holdsBackVerdict(r)) };
  const kind = flyingKind(spec);
  if (kind === null) return { ...entry, skipped: 'mixes aircraft or spacecraft with ground units' };
  if (spec.unsupported.some((r) => EMPTY_MOUNTS.test(r))) return { ...entry, skipped: 'a titan with empty weapon mounts: its weapons are upgrades the audit does not choose' };
  if (spec.points === null || spec.points <= 0) return { ...entry, skipped: 'no points cost' };
  return { ...entry, spec, kind };
}
