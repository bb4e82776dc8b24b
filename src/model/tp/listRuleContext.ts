import type { Formation, Unit } from '../schema.js';
import type { UnitResolver } from './names.js';

/** What a reader of an army list's special rules (free characters, weapon-mount surcharges) needs of the list. */
export interface ListRuleContext {
  /** The list's special rules, by id. */
  ruleIds: string[];
  /** Each special rule's text, by id. */
  ruleText: Map<string, string>;
  resolver: UnitResolver;
  units: Map<string, Unit>;
  formations: Formation[];
}
