import type { Dataset } from '../../../../model/dataset.js';
import type { Army, Formation, Upgrade } from '../../../../model/schema.js';

/**
 * Names of list builders' entries compared with the Tournament Pack's: lower case, accents,
 * apostrophes and punctuation dropped, plurals folded ("Bikes" = "Bike", "Land Raiders" = "Land
 * Raider"), as BattleScribe's catalogues and Snapfire's lists spell the TP's names.
 */
export function nameKey(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '')
    .map((w) => (w.length > 4 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith('s') && !/(ss|us)$/.test(w) ? w.slice(0, -1) : w))
    .join(' ');
}

/** Words that say what kind of entry a name is, not which one. */
const KIND_WORDS = new Set(['formation', 'battlegroup', 'battle', 'group', 'class', 'squadron', 'detachment', 'company', 'the', 'of', 'and']);
const keyWords = (s: string) => nameKey(s).split(' ').filter((w) => w !== '' && !KIND_WORDS.has(w));
const subset = (a: string[], b: string[]) => a.length > 0 && a.every((w) => b.includes(w));

/**
 * The army's one formation of that name (by name or id); else the one whose significant words
 * are all in the name, or all the name's are in it ("Thunderbolt Fighter Formation" = "Thunderbolt
 * Fighters"), if exactly one.
 */
export function formationNamed(army: Army, name: string): Formation | undefined {
  const k = nameKey(name);
  const hits = army.formations.filter((f) => nameKey(f.name) === k || nameKey(f.id) === k);
  if (hits.length === 1) return hits[0];
  const w = keyWords(name);
  const loose = army.formations.filter((f) => subset(keyWords(f.name), w) || subset(w, keyWords(f.name)));
  return loose.length === 1 ? loose[0] : undefined;
}

/** Words of a unit's name that say what kind of entry it is in a list builder ("Tactical Squad", "Warhound Scout Titan"). */
const UNIT_KIND_WORDS = new Set(['squad', 'squadron', 'unit', 'class', 'scout', 'battle']);
const unitWords = (s: string) => nameKey(s).split(' ').filter((w) => w !== '' && !UNIT_KIND_WORDS.has(w)).sort().join(' ');

/** The unit of the data set a name stands for, among `ids`: by name, alias or id, else by the same words but for kind words. */
export function unitNamed(data: Dataset, ids: readonly string[], name: string): string | undefined {
  const k = nameKey(name);
  const names = (id: string) => [id, data.units.get(id)?.name ?? '', ...(data.units.get(id)?.aliases ?? [])];
  const exact = ids.find((id) => names(id).some((n) => nameKey(n) === k));
  if (exact !== undefined) return exact;
  const w = unitWords(name);
  const loose = [...new Set(ids.filter((id) => names(id).some((n) => unitWords(n) === w)))];
  return loose.length === 1 ? loose[0] : undefined;
}

/**
 * The upgrade a formation offers under that name, or the one upgrade adding or offering a unit of
 * that name, with the option that picks the unit where the upgrade offers several
 * ("Bike Squadron" is `+bikes@bike`).
 */
export function upgradeNamed(data: Dataset, army: Army, f: Formation, name: string): { upgrade: Upgrade; option?: string } | undefined {
  const offered = f.upgrades.map((id) => army.upgrades.find((u) => u.id === id)).filter((u): u is Upgrade => u !== undefined);
  const k = nameKey(name);
  const byName = offered.filter((u) => nameKey(u.name) === k || nameKey(u.id) === k);
  if (byName.length === 1) return { upgrade: byName[0]! };
  const hits = offered.flatMap((u) => {
    const unit = unitNamed(data, [...u.add.map((a) => a.unit), ...u.choices.flatMap((c) => c.from), ...(u.character !== undefined ? [u.character] : [])], name);
    if (unit === undefined) return [];
    const choice = u.choices.find((c) => c.from.length > 1 && c.from.includes(unit));
    return [choice === undefined ? { upgrade: u } : { upgrade: u, option: unit }];
  });
  return hits.length === 1 ? hits[0] : undefined;
}
