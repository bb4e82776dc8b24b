import type { Dataset } from '../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../model/formation.js';
import { InputError } from '../../model/inputError.js';
import { isAerospace } from '../engagementKinds.js';

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
  /** Rules of the formation the simulator does not model. */
  unsupported: string[];
  /** Why it is not audited; absent when it is. */
  skipped?: string;
  spec?: FormationSpec;
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

export function auditEntries(data: Dataset, lists: string[]): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const armyId of lists) {
    const army = data.armies.get(armyId)!;
    for (const f of army.formations) {
      const text = `${army.id}/${f.id}`;
      const base = { army: army.id, armyName: army.name, text, formation: f.id, cost: f.points, warEngine: f.kind === 'war-engine' };
      let spec: FormationSpec;
      try {
        spec = parseFormation(data, text);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        out.push({ ...base, unsupported: [], skipped: `cannot be built: ${e.problems.map((p) => p.message).join('; ')}` });
        continue;
      }
      const entry = { ...base, warEngine: base.warEngine || spec.units.some((u) => u.unit.type === 'WE'), unsupported: spec.unsupported };
      if (isAerospace(spec)) out.push({ ...entry, skipped: 'aircraft or spacecraft: aerospace attacks are not simulated yet' });
      else if (spec.unsupported.some((r) => EMPTY_MOUNTS.test(r))) out.push({ ...entry, skipped: 'a titan with empty weapon mounts: its weapons are upgrades the audit does not choose' });
      else if (spec.points === null || spec.points <= 0) out.push({ ...entry, skipped: 'no points cost' });
      else out.push({ ...entry, spec });
    }
  }
  return out;
}
