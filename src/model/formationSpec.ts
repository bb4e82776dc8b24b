import type { FortifiedPosition } from './fortifiedPositions.js';
import type { ResolvedUnit } from './resolvedUnit.js';
import type { Allegiance, ArmyRule } from './schema.js';

/**
 * A formation ready to compile: plain data (it crosses to worker threads),
 * units in front-to-back order.
 */
export interface FormationSpec {
  /** What the user wrote. */
  text: string;
  /** A readable name: "Codex Astartes Tactical + Razorbacks", "4 Devastator". */
  name: string;
  units: ResolvedUnit[];
  points: number | null;
  armyId: string | null;
  rules: ArmyRule[];
  initiative: number;
  strategyRating: number | null;
  /** Rules present in this formation that the simulator does not model, by name. */
  unsupported: string[];
  /** For a formation the list lets the player choose units for: what was chosen (formationChoice.ts). */
  choice?: string;
  /** Fortified positions it bought with an upgrade, and who stands in them (boughtPositions.ts). */
  positions?: FieldedPositions;
  /** The allegiance a Chaos formation owes (TP Summoned Units), where its list has a Daemon Pool. */
  allegiance?: Allegiance;
  /** It has Daemonic Pact (TP Summoned Units): its units end with the places of the daemons it may summon (ResolvedUnit.summoned). */
  daemonicPact?: boolean;
}

/**
 * The fortified positions a formation bought with an upgrade (schema.ts Upgrade.positions), as
 * fielded: which of its units stand in them. TP Fortified Positions: positions "listed as part of
 * a formation's units ... are set up with the formation they are part of", within 5cm of one of
 * its units; the model sets its units in them where it is placed without other cover
 * (sim/rulesets/netea/boughtPositions.ts).
 */
export interface FieldedPositions {
  /** The upgrade's name, for the notes. */
  upgrade: string;
  position: FortifiedPosition;
  /** How many units they hold. */
  capacity: number;
  /** The units that stand in them by default, by index in the formation (front to back). */
  units: number[];
  /** What they are, for the notes: "4 gun emplacements", "a 52cm trench". */
  said: string;
}
