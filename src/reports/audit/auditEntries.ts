import type { Dataset } from '../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../model/formation.js';
import { formationVariants } from '../../model/formationChoice.js';
import { InputError } from '../../model/inputError.js';
import type { Formation } from '../../model/schema.js';
import { flyingKind, type FlyingKind } from '../../model/flyingKind.js';
import { changesAnEngagement, isArmyRuleNote } from '../../model/ruleReach.js';
import type { Army } from '../../model/schema.js';
import { mountLoadouts, type MountLoadout } from '../../model/mountLoadouts.js';

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
  /** For an option valued beside a formation (a choice of units, a loadout): the formation's own text. */
  variantOf?: string;
  /** For such an option: how it differs from the formation as fielded ("@flakwagon", "+volcano-cannon x4"). */
  option?: string;
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
 * the default pick only. A formation with weapon mounts is fielded armed, its
 * default loadout on each of them, and each other weapon of its tables is
 * valued beside it (mountLoadouts.ts).
 */
export function auditEntries(data: Dataset, lists: string[]): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const armyId of lists) {
    const army = data.armies.get(armyId)!;
    for (const f of army.formations) out.push(...formationEntries(data, army, f));
  }
  return out;
}

const armed = (text: string, l: MountLoadout) => `${text}+${l.upgrades.join('+')}`;

/** The formation's loadouts when its units have weapon mounts (mountLoadouts.ts); null when none, or when it cannot be built (auditEntry says why). */
function mountPlan(data: Dataset, army: Army, f: Formation, text: string) {
  try {
    return mountLoadouts(army, f, parseFormation(data, text).units);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return null;
  }
}

function formationEntries(data: Dataset, army: Army, f: Formation): AuditEntry[] {
  const [base, ...picks] = formationVariants(data, army.id, f.id) as [string, ...string[]];
  const plan = mountPlan(data, army, f, base);
  const pick = (own: string, text: string) => auditEntry(data, army.name, f, text, { of: own, option: text.slice(text.indexOf('@')).split('+')[0]! });
  if (plan === null) return [auditEntry(data, army.name, f, base), ...picks.map((p) => pick(base, p))];
  if ('cannot' in plan) return [{ ...auditEntry(data, army.name, f, base), skipped: `a titan with empty weapon mounts: ${plan.cannot}` }];
  const own = armed(base, plan.fielded);
  const fielded = auditEntry(data, army.name, f, own);
  const said = `weapon mounts: ${plan.fielded.said} (the first weapon of its tables each mount may take; each other weapon valued on every mount it may take)`;
  return [
    fielded.spec === undefined ? fielded : { ...fielded, spec: { ...fielded.spec, choice: [fielded.spec.choice, said].filter((c) => c !== undefined).join('; ') } },
    ...picks.map((p) => pick(own, armed(p, plan.fielded))),
    ...plan.alternatives.map((a) => auditEntry(data, army.name, f, armed(base, a), { of: own, option: a.option! })),
  ];
}

function auditEntry(data: Dataset, armyName: string, f: Formation, text: string, variant?: { of: string; option: string }): AuditEntry {
  const armyId = text.slice(0, text.indexOf('/'));
  const base = { army: armyId, armyName, text, formation: f.id, cost: f.points, warEngine: f.kind === 'war-engine', ...(variant !== undefined ? { variantOf: variant.of, option: variant.option } : {}) };
  let spec: FormationSpec;
  try {
    spec = parseFormation(data, text);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { ...base, unsupported: [], outsideEngagement: [], skipped: `cannot be built: ${e.problems.map((p) => p.message).join('; ')}` };
  }
  // A pick priced per unit (Leman Russ variants) and weapon upgrades cost what they field, not the formation's default.
  const entry = { ...base, cost: spec.points !== null && spec.points > 0 ? spec.points : base.cost, warEngine: base.warEngine || spec.units.some((u) => u.unit.type === 'WE'), unsupported: spec.unsupported.filter(holdsBackVerdict), outsideEngagement: spec.unsupported.filter((r) => !holdsBackVerdict(r)) };
  const kind = flyingKind(spec);
  if (kind === null) return { ...entry, skipped: 'mixes aircraft or spacecraft with ground units' };
  // Only an option fielding other units than the armed default can leave a mount empty: named, never valued empty.
  const empty = spec.unsupported.filter((r) => EMPTY_MOUNTS.test(r));
  if (empty.length > 0) return { ...entry, skipped: `a titan with empty weapon mounts (${empty.join('; ')}): the audit arms the units of the formation as fielded by default` };
  if (spec.points === null || spec.points <= 0) return { ...entry, skipped: 'no points cost' };
  return { ...entry, spec, kind };
}
