import type { ArmyRule, Formation } from './schema.js';

/**
 * Army-wide rules that the list text gives to some of its formations only,
 * with the formations they reach. Every other army rule reaches a formation
 * through the force its units belong to (formation.ts armyRulesFor).
 */
const SCOPED: Partial<Record<ArmyRule, (f: Formation) => boolean>> = {
  // TP Knight World: "Knight Household and Support Household formations", the formations named "... Household".
  bravery: (f) => /\bhousehold$/i.test(f.name.trim()),
  // TP Squats: "All formations except for Guild Robot Squadrons".
  'iron-willed': (f) => !/\bguild robot squadron/i.test(f.name),
  // TP Space Wolves: "All Blood Claw, Skyclaw and Swiftclaw formations".
  unblooded: (f) => /\b(blood ?claws?|skyclaws?|swiftclaws?)\b/i.test(f.name),
  // TP Tyranids: "synapse swarm, not independent swarm or war engine, formations": the list's Synapse Swarm table holds the Tyranid Swarm alone.
  'the-hive-mind': (f) => /^tyranid swarm$/i.test(f.name.trim()),
};

/** The army's own scoped rules that formation `f` of the list carries. */
export function scopedArmyRules(armyRules: ArmyRule[], f: Formation): ArmyRule[] {
  return armyRules.filter((r) => SCOPED[r]?.(f) === true);
}
