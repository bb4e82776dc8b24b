import type { ListRuleContext } from './listRuleContext.js';
import type { Formation, Unit, Upgrade } from '../schema.js';
import { nameKey, slug, squash } from './text.js';

/**
 * Characters an army's special rules give for free, as upgrades of 0 points offered to the
 * formations the rule lets them join: Commissars (TP Commissars: "one Commissar character per 500
 * points ... do not cost any points ... not to an Imperial Ally formation"), the Ork Warlord (TP Ork
 * Warlords: "placed in one of [the Great Gargants] ... join a Nobz or a Gargant unit"), the Gargant
 * Mob's Mekboy Big Boss ("will join the most expensive Gargant formation") and the Cultists'
 * Arch-Heretic ("may be added to any Daemon Prince, Demagogue or Chaos Marine Aspiring Champion
 * unit"). Each rule's sentences are matched as printed; a rule that no longer reads so is named.
 */

interface FreeCharacterRule {
  /** Captures the character's name. */
  character: RegExp;
  /** Captures the names of the units it may join; absent: any formation of the list's own force. */
  hosts?: RegExp;
}

const RULES: Record<string, FreeCharacterRule> = {
  commissars: { character: /include one (Commissar) character per 500 points[^.]*\.\s*The Commissars do not cost any points/ },
  'ork-warlords': { character: /Supreme Command character called a (Warlord)\. The Warlord character is free/, hosts: /If the army includes any (Great Gargant)s, then the Warlord must be placed in one of them\. If there are no Great Gargants in the army then the Warlord will join a (Nobz) or a (Gargant) unit/ },
  'gargant-mob-epic-tournament-special-rules': { character: /supreme commander character called a (Mekboy Big Boss)\. The Mekboy Big Boss character is free/, hosts: /will join the most expensive (Gargant) formation/ },
  'slaves-to-darkness-epic-tournament-special-rules': { character: /must include an (Arch-Heretic) character\. The Arch-Heretic character is free/, hosts: /may be added to any (Daemon Prince), (Demagogue) or (Chaos Marine Aspiring Champion) unit/ },
  'stigmatus-covenant-epic-tournament-special-rules': { character: /must include an (Arch-Heretic) character\. The Arch-Heretic character is free/, hosts: /may be added to any (Daemon Prince), (Demagogue) or (Chaos Marine Aspiring Champion) unit/ },
};

export interface FreeCharacterContext extends ListRuleContext {
  /** Every upgrade of the list, by id (what a formation may field through them counts). */
  upgrades: Map<string, Upgrade>;
  /** Units of the list's own force: a formation with none of them is an ally formation. */
  ownUnits: Set<string>;
}

export interface FreeCharacter {
  upgrade: Upgrade;
  formations: Formation[];
}

/** Units a formation fields or may field through its upgrades. */
function fieldable(f: Formation, upgrades: Map<string, Upgrade>): Unit['id'][] {
  const out = [...f.units.map((u) => u.unit), ...f.choices.flatMap((c) => c.from), ...(f.characters ?? []).flatMap((c) => c.from)];
  for (const id of f.upgrades) {
    const up = upgrades.get(id);
    if (up) out.push(...up.add.map((a) => a.unit), ...up.choices.flatMap((c) => c.from), ...(up.character !== undefined ? [up.character] : []));
  }
  return out;
}

/**
 * The free characters the list's rules give, each with the formations it may join; a rule whose
 * text or names cannot be read is returned in `problems` with why.
 */
export function freeCharacters(ctx: FreeCharacterContext): { characters: FreeCharacter[]; problems: Array<{ rule: string; reason: string }> } {
  const characters: FreeCharacter[] = [];
  const problems: Array<{ rule: string; reason: string }> = [];
  for (const ruleId of ctx.ruleIds) {
    const rule = RULES[ruleId];
    if (rule === undefined) continue;
    const text = squash((ctx.ruleText.get(ruleId) ?? '').replace(/<[^>]*>/g, ''));
    const named = rule.character.exec(text);
    const hostMatch = rule.hosts?.exec(text);
    if (!named || (rule.hosts !== undefined && !hostMatch)) {
      problems.push({ rule: ruleId, reason: `the rule's text no longer reads as the importer expects (${String(rule.hosts && !hostMatch ? rule.hosts : rule.character)}); its free character is not offered` });
      continue;
    }
    const character = ctx.resolver.resolve(named[1]!);
    if (!character.ok) {
      problems.push({ rule: ruleId, reason: character.reason });
      continue;
    }
    const hostNames = hostMatch ? hostMatch.slice(1).map(nameKey) : [];
    // "a Gargant unit", "the most expensive Gargant formation": a Gargant, a Great Gargant or a Mega Gargant.
    const hosts = (id: string): boolean => {
      const key = nameKey(ctx.units.get(id)?.name ?? id);
      return hostNames.some((h) => key === h || key.endsWith(` ${h}`));
    };
    const joins = (f: Formation): boolean => fieldable(f, ctx.upgrades).some((id) => (hostNames.length === 0 ? ctx.ownUnits.has(id) : hosts(id)));
    const sentence = named[0];
    const upgrade: Upgrade = {
      id: slug(`free ${named[1]}`),
      name: `${character.unit.name} (free)`,
      points: 0,
      add: [],
      remove: [],
      character: character.unit.id,
      choices: [],
      notes: `${sentence} (${ruleId}); ${hostMatch ? hostMatch[0] : 'any formation but an ally formation'}; one per army`,
    };
    characters.push({ upgrade, formations: ctx.formations.filter(joins) });
  }
  return { characters, problems };
}
