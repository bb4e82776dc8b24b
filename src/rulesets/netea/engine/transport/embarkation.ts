import type { FormationSpec } from '../../../../model/formation.js';
import { seatsAboard } from '../../../../model/formationChoice.js';

/**
 * Who rides in which transport when a formation starts embarked (RB 1.7.5;
 * TP Transport Vehicles): every unit that can ride in one of the formation's
 * transports (by the transports' capacity and notes, the rule "plus
 * transport" formations are fielded by: formationChoice.ts) starts inside
 * one. Transports fill in formation order; passengers board front to back,
 * those that fit in fewer of the transports first (a Terminator that only a
 * Land Raider takes before the Tactical units a Rhino takes too), each in the
 * first transport with seats left for it.
 *
 * The formation stands in ranks as its units on foot and its transports: a
 * passenger stands where its transport stands.
 */
export interface Embarkation {
  /** Per unit of the formation (index in `units`): the index of its transport, or -1. */
  carriedBy: number[];
  /** Per unit: its place in the ranks (front to back, `rankWidth` to a rank); a passenger has its transport's. */
  slot: number[];
}

/** Why the formation cannot start embarked, in a sentence; null when it can. */
export function embarkationProblem(f: FormationSpec): string | null {
  const plan = planOrProblem(f);
  return typeof plan === 'string' ? plan : null;
}

/** The formation's units embarked; an Error naming the formation when they do not fit. */
export function planEmbarkation(f: FormationSpec): Embarkation {
  const plan = planOrProblem(f);
  if (typeof plan === 'string') throw new Error(`formation "${f.text}": ${plan}`);
  return plan;
}

/** Every unit on foot, in its own place in the ranks. */
export function onFoot(f: FormationSpec): Embarkation {
  return { carriedBy: f.units.map(() => -1), slot: f.units.map((_, i) => i) };
}

function planOrProblem(f: FormationSpec): Embarkation | string {
  const units = f.units.map((ru) => ru.unit);
  const transports = units.flatMap((u, i) => ((u.transport ?? 0) > 0 ? [i] : []));
  if (transports.length === 0) return 'the formation has no transport to embark in (no unit with a transport capacity)';
  // A summoned daemon's place (TP Summoned Units) rides in nothing: daemons are placed beside the formation.
  const seats = units.map((u, i) => transports.map((t) => (t === i || f.units[i]!.summoned !== undefined ? 0 : seatsAboard(u, units[t]!))));
  const riders = units.flatMap((_, i) => (seats[i]!.some((n) => n > 0) ? [i] : []));
  const kinds = [...new Set(transports.map((t) => units[t]!))].map((u) => `${u.name}: ${u.transport} each`).join(', ');
  if (riders.length === 0) return `none of its units can ride in its transports (${kinds})`;
  const fits = (i: number) => seats[i]!.filter((n) => n > 0).length;
  const boarding = [...riders].sort((a, b) => fits(a) - fits(b) || a - b);
  const free = transports.map((t) => units[t]!.transport!);
  const carriedBy = units.map(() => -1);
  for (const p of boarding) {
    const k = transports.findIndex((_, j) => seats[p]![j]! > 0 && seats[p]![j]! <= free[j]!);
    if (k < 0) {
      const capacity = transports.reduce((n, t) => n + units[t]!.transport!, 0);
      const needed = riders.reduce((n, i) => n + Math.min(...seats[i]!.filter((s) => s > 0)), 0);
      const seatsSaid = needed !== riders.length ? ` taking ${needed} seats` : '';
      return `${riders.length} units to carry${seatsSaid} but the transports hold ${capacity} (${kinds})`;
    }
    free[k]! -= seats[p]![k]!;
    carriedBy[p] = transports[k]!;
  }
  const slot: number[] = [];
  let next = 0;
  for (let i = 0; i < units.length; i++) if (carriedBy[i] === -1) slot[i] = next++;
  for (let i = 0; i < units.length; i++) if (carriedBy[i] !== -1) slot[i] = slot[carriedBy[i]!]!;
  return { carriedBy, slot };
}
