import type { EngagementSpec, PlacedFormation } from '../model/spec.js';

/**
 * Fortified positions a formation bought with an upgrade (model/boughtPositions.ts), in play. TP
 * Fortified Positions: positions that are part of a formation "are set up with the formation";
 * "once set up, fortified positions may be used by any unit". The model sets the formation's
 * units in them wherever it is placed without cover (the shoot and assault commands without
 * --cover, an experiment's formation without "cover", the scenes of a battle in the open): the
 * cover a command, an experiment or a battle gives stands for where the formation is instead. A
 * formation the script has charge is not in them: it leaves them to charge, and the engine keeps a
 * unit's cover for the whole engagement. Nor is one that starts off the table. Who stands in them:
 * `coverUnits` where given (an experiment; loadExperiment.ts holds it to the positions'
 * capacity), otherwise those the formation fielded in them.
 */

/** Whether formation f of the engagement stands in the positions it bought. */
export function inBoughtPositions(spec: EngagementSpec, f: number): boolean {
  const pf = spec.formations[f]!;
  if (pf.formation.positions === undefined || pf.cover.kind !== 'none' || pf.offTable === true) return false;
  return !spec.steps.some((s) => s.kind === 'assault' && s.by.includes(f));
}

/** Formation f as the engine places it: in its bought positions (inBoughtPositions), or as given. */
export function placedAsPlayed(spec: EngagementSpec, f: number): PlacedFormation {
  const pf = spec.formations[f]!;
  if (!inBoughtPositions(spec, f)) return pf;
  const bought = pf.formation.positions!;
  return { ...pf, cover: { kind: 'position', position: bought.position }, coverUnits: pf.coverUnits ?? bought.units };
}

/**
 * The run's notes: each formation that stands in its bought positions, who is inside, and what of
 * them is not played. They go with the rules a run names as not simulated, the notes every output
 * of a run carries (text, --json, --out, the playground), so they say both.
 */
export function boughtPositionNotes(spec: EngagementSpec): string[] {
  return spec.formations.flatMap((pf, f) => {
    if (!inBoughtPositions(spec, f)) return [];
    const bought = pf.formation.positions!;
    const inside = pf.coverUnits ?? bought.units;
    return [`${pf.formation.name} stands in its bought positions (upgrade ${bought.upgrade}: ${bought.said}), units ${inside.map((i) => i + 1).join(', ')} of ${pf.formation.units.length} front to back inside: their cover is played, where they are set up is not (TP Fortified Positions)`];
  });
}

/**
 * Why the `coverUnits` given to formation f cannot stand in its bought positions, or null: they
 * hold `capacity` units (one per gun emplacement, one infantry unit per 4cm of trench), and each
 * index must name a unit of the formation. Other cover has no capacity the model knows: a command
 * or an experiment that gives it describes the table.
 */
export function boughtPositionsProblem(spec: EngagementSpec, f: number): string | null {
  const pf = spec.formations[f]!;
  if (pf.coverUnits === undefined || !inBoughtPositions(spec, f)) return null;
  const bought = pf.formation.positions!;
  const n = pf.formation.units.length;
  const outside = pf.coverUnits.filter((i) => i >= n);
  if (outside.length > 0) return `${outside.join(', ')}: "${pf.formation.text}" has ${n} units, numbered 0 to ${n - 1} front to back`;
  const named = new Set(pf.coverUnits).size;
  if (named > bought.capacity) return `${named} units named to stand in the positions "${pf.formation.text}" bought (upgrade ${bought.upgrade}: ${bought.said}), which hold ${bought.capacity}`;
  return null;
}
