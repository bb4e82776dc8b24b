import type { ListRuleContext } from './listRuleContext.js';
import type { Formation, Upgrade } from '../schema.js';
import { nameKey, squash } from './text.js';

/**
 * The surcharges a list's special rules put on the weapons of weapon mounts, as the formations'
 * `mountSurcharges` (src/model/mountSurcharges.ts prices them):
 *
 * - War Griffons: "each Scout or Battle Titan formation must select at least two different
 *   weapons or pay a surcharge of an additional +25 points": on every formation of the list
 *   whose units have weapon mounts (there, its Scout and Battle Titan formations; its other
 *   Battle Titan, the Emperor, selects no weapons);
 * - Gryphonne IV Skitarii: "Ordinatus Minorus Weapon Mounts must be Battle Titan Weapons; and pay
 *   surcharges of an additional +50 points for a Carapace Landing Pad and +25 points for a Quake
 *   Cannon": on every formation offered those weapons, charged for those on an Ordinatus Minorus.
 *
 * Sentences are matched as printed; a rule that names a unit or weapon the list does not have is
 * returned in `problems` with why, and nothing of it is charged.
 */

const DIFFERENT = /must select at least (\w+) different weapons or pay a surcharge of an additional \+(\d+) points/i;
const PER_WEAPON = /([A-Z][\w -]*?) Weapon Mounts must be [^;.]*; and pay surcharges of an additional (.+?)\./;
const EACH = /\+(\d+) points for an? (.+?)(?= and \+|,|$)/g;
const WORDS: Record<string, number> = { two: 2, three: 3, four: 4 };

export interface MountSurchargeContext extends ListRuleContext {
  upgrades: Upgrade[];
  /** Ids of the weapons that are weapon mounts (TP Weapon Mount). */
  mountWeapons: Set<string>;
}

/**
 * Sets `mountSurcharges` on the formations the list's rules charge; returns what it charged, in
 * words, for the import report, and each rule it could not read, with why.
 */
export function setMountSurcharges(ctx: MountSurchargeContext): { charged: string[]; problems: Array<{ rule: string; reason: string }> } {
  const charged: string[] = [];
  const problems: Array<{ rule: string; reason: string }> = [];
  const said = (rule: string, sentence: string, fs: Formation[]) => charged.push(`weapon-mount surcharge (${rule}): "${sentence}", charged in ${fs.map((f) => f.id).join(', ')}`);
  const weapons = ctx.upgrades.filter((u) => u.mount !== undefined && u.character !== undefined);
  const hasMounts = (f: Formation) => f.units.some((uc) => ctx.units.get(uc.unit)?.weapons.some((w) => ctx.mountWeapons.has(w.weapon)) === true);
  for (const rule of ctx.ruleIds) {
    // The rules are Markdown: "Ordinatus Minorus _Weapon Mounts_ must be ...".
    const text = squash((ctx.ruleText.get(rule) ?? '').replace(/<[^>]*>/g, '').replace(/[_*]/g, ''));
    const different = DIFFERENT.exec(text);
    if (different) {
      const min = WORDS[different[1]!.toLowerCase()] ?? Number(different[1]);
      if (!Number.isInteger(min) || min < 2) problems.push({ rule, reason: `"${different[0]}": expected a number of different weapons from two` });
      else {
        const fs = ctx.formations.filter(hasMounts);
        for (const f of fs) f.mountSurcharges = { perWeapon: [], ...f.mountSurcharges, differentWeapons: { min, points: Number(different[2]) } };
        said(rule, different[0], fs);
      }
    }
    const perWeapon = PER_WEAPON.exec(text);
    if (!perWeapon) continue;
    const unit = ctx.resolver.resolve(perWeapon[1]!);
    if (!unit.ok) {
      problems.push({ rule, reason: `"${perWeapon[0]}": ${unit.reason}` });
      continue;
    }
    for (const m of perWeapon[2]!.matchAll(EACH)) {
      const weapon = weapons.find((w) => nameKey(w.name) === nameKey(m[2]!));
      if (weapon === undefined) {
        problems.push({ rule, reason: `"${m[0]}": the list has no weapon-mount upgrade "${m[2]}"` });
        continue;
      }
      const charge = { unit: unit.unit.id, weapon: weapon.character!, points: Number(m[1]) };
      const fs = ctx.formations.filter((x) => x.upgrades.includes(weapon.id));
      for (const f of fs) f.mountSurcharges = { ...f.mountSurcharges, perWeapon: [...(f.mountSurcharges?.perWeapon ?? []), charge] };
      said(rule, `${m[0]} (on ${unit.unit.name})`, fs);
    }
  }
  return { charged, problems };
}
