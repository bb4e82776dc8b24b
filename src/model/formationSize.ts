import { formationTextError } from './inputError.js';
import type { Formation, Upgrade } from './schema.js';
import { optionKey } from './optionKey.js';

/**
 * A formation fielded at a larger size its list prints a price for (Formation.sizes): `@big`,
 * `@uge` (Ork lists), `@medium`, `@large` (Squat and Tyranid lists). `ork-war-horde/warband@big`
 * is four Nobz, twelve Boyz and four Grotz for 350 points; `ork-war-horde/blitz-brigade@big,flakwagon`
 * eight Flakwagons; an upgrade limited to N may be taken N × 2 (sizedLimit).
 */

/** The formation at the size an `@` option names (itself when none does), how many times its units, and the other options. */
export function pickSize(f: Formation, options: string[], text: string): { formation: Formation; times: number; options: string[] } {
  const named = options.filter((o) => f.sizes?.some((s) => s.id === optionKey(o)));
  if (named.length === 0) return { formation: f, times: 1, options };
  if (named.length > 1) throw formationTextError(text, `sizes ${named.map((n) => `"@${n}"`).join(', ')} of formation "${f.id}": pick one`);
  const size = f.sizes!.find((s) => s.id === optionKey(named[0]!))!;
  const rest = options.filter((o) => o !== named[0]);
  if (size.times === 1) return { formation: f, times: 1, options: rest };
  const k = size.times;
  const priced = f.alternatives?.find((a) => a.points !== undefined);
  if (priced !== undefined) throw formationTextError(text, `formation "${f.id}" has alternatives priced apart ("@${priced.id}"); the list prints no price for them at size "${size.id}"`);
  const formation: Formation = {
    ...f,
    name: `${f.name} (${size.id})`,
    points: size.points,
    units: f.units.map((u) => ({ ...u, count: u.count * k })),
    choices: f.choices.map((c) => ({ ...c, count: c.count * k })),
    ...(f.alternatives !== undefined
      ? { alternatives: f.alternatives.map((a) => ({ ...a, replaces: a.replaces.map((u) => ({ ...u, count: u.count * k })), units: a.units.map((u) => ({ ...u, count: u.count * k })) })) }
      : {}),
  };
  return { formation, times: k, options: rest };
}

/**
 * An upgrade's limit at a size `times` the smallest ("If there is a limit on the number of units
 * that may be added or replaced then this limit is doubled for medium formations and tripled for
 * large formations"; Ork: "a normal sized Kult of Speed can include 0–1 Oddboy, a big Kult of
 * Speed can include 0–2"): an upgrade taken up to N times ("Add up to three Rapiers", "Add up to
 * one Oddboy character") may be taken N × `times`. A limit of the army's ("per army", "per full
 * 2,000 points") stays, and so does an upgrade printed without a limit ("Replace one Hearthguard
 * with a Warlord": once).
 */
export function sizedLimit<T extends { upgrade: Upgrade; offered: Upgrade }>(taken: T, times: number): T {
  const u = taken.upgrade;
  const limited = u.repeatable?.max !== undefined || (u.repeatable === undefined && /\bup to\b/i.test(u.notes ?? ''));
  if (times === 1 || !limited || /\bper (?:army|full)\b/i.test(u.notes ?? '')) return taken;
  const upgrade: Upgrade = { ...u, repeatable: { max: (u.repeatable?.max ?? 1) * times } };
  return { ...taken, upgrade, offered: taken.upgrade === taken.offered ? upgrade : taken.offered };
}
