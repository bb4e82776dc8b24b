import type { ResolvedUnit } from './resolvedUnit.js';
import type { Unit } from './schema.js';

/**
 * TP Squat Land Train: "Characters added to this unit add their damage capacity and void shields
 * to the unit's respective starting values of each." A unit with the `carriages` ability starts
 * with its own values plus its characters'; any other unit with its own.
 */
function carried(ru: ResolvedUnit): Unit[] {
  return ru.unit.abilities.includes('carriages') ? ru.characters : [];
}

/** The unit's starting damage capacity (1 when its datasheet gives none), its carriages' added. */
export function startingDamageCapacity(ru: ResolvedUnit): number {
  return carried(ru).reduce((n, c) => n + (c.damageCapacity ?? 0), ru.unit.damageCapacity ?? 1);
}

/** Void shields the unit repairs in each end phase: one (RB 5.4.1) and the extra ones its datasheet and its carriages give. */
export function endPhaseShieldRepairs(ru: ResolvedUnit): number {
  return carried(ru).reduce((n, c) => n + (c.extraShieldRepairs ?? 0), 1 + (ru.unit.extraShieldRepairs ?? 0));
}

/** The unit's starting void shields, its carriages' added. */
export function startingVoidShields(ru: ResolvedUnit): number {
  return carried(ru).reduce((n, c) => n + (c.voidShields ?? 0), ru.unit.voidShields ?? 0);
}
