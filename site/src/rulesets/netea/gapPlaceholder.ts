import { airAttackKind } from '../../../../src/rulesets/netea/scenarios/aerospaceShoot.js';
import { CLI_DEFAULTS } from '../../../../src/model/oneStepDefaults.js';
import type { Dataset } from '../../../../src/model/dataset.js';
import { parseFormation } from '../../../../src/model/formation.js';
import { DEFAULT_AIR_ATTACK_GAP } from '../../../../src/rulesets/netea/engine/aerospaceEngagements.js';
import type { Command } from '../../hash.js';

/**
 * The distance a run takes when the Gap field is empty, shown as its
 * placeholder: 10 cm before an assault, and for shoot what the command line
 * takes for the attack the formations make (aerospaceShoot.ts picks it): 30 cm
 * for a shooting attack, 15 cm for an aircraft's ground attack.
 */
export function gapPlaceholder(data: Dataset, command: Command, formation: string, at: string, flak: string[], cap: string): number {
  if (command !== 'shoot') return CLI_DEFAULTS.assaultGap;
  try {
    const f = (text: string) => ({ text, formation: parseFormation(data, text) });
    const kind = airAttackKind({ attacker: f(formation), target: { ...f(at), state: { blastMarkers: 0, broken: false, cover: { kind: 'none' } } }, flak: flak.map(f), cap: cap.trim() !== '' ? f(cap) : null });
    // An interception is at no distance (aerospaceShoot.ts); flak and orbital attacks take the shooting default.
    return kind === 'ground-attack' ? DEFAULT_AIR_ATTACK_GAP : kind === 'intercept' ? 0 : CLI_DEFAULTS.shootGap;
  } catch {
    // Formations that do not parse yet: the shooting default (the run will say what is wrong).
    return CLI_DEFAULTS.shootGap;
  }
}
