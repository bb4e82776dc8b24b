import type { Formation, FormationAlternative, UnitCount } from '../schema.js';
import { parseComposition, type Composition, type Cost, type NameGroups } from './armyText.js';
import type { UnitResolver } from './names.js';
import { slug, squash } from './text.js';

/**
 * The other ways a formation row lets the player field it, read from what follows "or" in its
 * units and its cost, as `@`-picked alternatives (FormationAlternative):
 *
 * - a composition after "or" ("Eight Fire Warriors or Six Fire Warriors and three Devilfish",
 *   "One Hive Tyrant or two Tyranid Warriors", "eight Berzerkers or six Noise Marines, Plague
 *   Marines or Thousand Sons"): one alternative, or one per option where it offers a choice
 *   ("six Noise Marines, Plague Marines or Thousand Sons": the six are of one cult). A
 *   composition of one unit entry stands against the last unit entry before "or" (the Chaos Lord
 *   stays with the Noise Marines), a longer one against all of them;
 * - a count after "or" priced apart ("Four or six Ravagers", "250 or 350 points");
 * - a choice of units priced apart ("two Chaos Rhinos or Chaos Land Raiders", "225 points or
 *   350 points"): each option is an alternative at its price, read in the printed order, and the
 *   choice goes (the list prices two Rhinos or two Land Raiders, not one of each).
 *
 * Alternatives the cost does not price apart cost the formation's points.
 */

export interface AlternativesReading {
  alternatives: FormationAlternative[];
  /** The formation's choices, less any the priced alternatives took over. */
  choices: Formation['choices'];
  /** How each was read, for the import report. */
  decisions: string[];
  /** Why an alternative cannot be fielded; the formation is fielded without it, and the import report names it. */
  problems: string[];
}

type Names = (id: string) => string;

const said = (units: UnitCount[], nameOf: Names) => units.map((u) => `${u.count} ${nameOf(u.unit)}`).join(', ');

/** The id `@` names an alternative by: the unit it fields where that is one unit the default has not, else its printed text. */
function alternativeId(units: UnitCount[], replaces: UnitCount[], text: string): string {
  const only = units.length === 1 ? units[0]!.unit : undefined;
  return only !== undefined && !replaces.some((r) => r.unit === only) ? only : slug(text);
}

/** One composition after "or", as alternatives (one per option of a choice it offers). */
function fromText(alt: Composition['alternatives'][number], resolver: UnitResolver, groups: NameGroups, nameOf: Names): { alternatives: FormationAlternative[]; problems: string[] } {
  const comp = parseComposition(alt.text, resolver, groups);
  const text = squash(alt.text);
  if (comp.problems.length > 0) return { alternatives: [], problems: comp.problems.map((p) => `alternative "${text}": ${p}`) };
  if (comp.characters.length > 0 || comp.choices.length > 1) return { alternatives: [], problems: [`alternative "${text}": characters or several choices in an alternative are not read`] };
  const terrain = comp.units.length === 0 && (comp.fortifications.length > 0 || /\bcm\s+of\b/i.test(text));
  if (comp.units.length === 0 && !terrain) return { alternatives: [], problems: [`alternative "${text}": no units`] };
  // One item ("and either three Bruenhilde or three Gun Emplacements") stands against the last entry before "or".
  const replaces = comp.units.length + comp.fortifications.length <= 1 && alt.replaces.length > 1 ? [alt.replaces[alt.replaces.length - 1]!] : alt.replaces;
  // Terrain instead of units ("three Gun Emplacements", "20cm of Trenches"; TP FAQ Fortified Positions): the units are left out.
  if (terrain) return { alternatives: [{ id: slug(text), name: text, replaces, units: [] }], problems: [] };
  const choice = comp.choices[0];
  if (choice === undefined) return { alternatives: [{ id: alternativeId(comp.units, replaces, text), name: text, replaces, units: comp.units }], problems: [] };
  const alternatives = choice.from.map((option): FormationAlternative => {
    const units = comp.units.map((u) => (u.unit === choice.from[0] && u.count === choice.count ? { unit: option, count: u.count } : u));
    return { id: alternativeId(units, replaces, `${text} ${option}`), name: said(units, nameOf), replaces, units };
  });
  return { alternatives, problems: [] };
}

export function readAlternatives(comp: Composition, cost: Cost, resolver: UnitResolver, groups: NameGroups, nameOf: Names): AlternativesReading {
  const out: AlternativesReading = { alternatives: [], choices: comp.choices, decisions: [], problems: [] };
  for (const alt of comp.alternatives) {
    const read = fromText(alt, resolver, groups, nameOf);
    out.alternatives.push(...read.alternatives);
    out.problems.push(...read.problems);
  }
  const prices = cost.orPoints ?? [];
  // "Four or six Ravagers", "250 or 350 points": the larger count is an alternative at its price.
  for (const r of comp.ranges) {
    if (r.how !== 'a-or-b' || prices.length === 0) continue;
    const larger = r.printed.replace(/^.*?\bor\s+/i, '');
    out.alternatives.push({ id: slug(larger), name: larger, replaces: [r.entry], units: [{ unit: r.entry.unit, count: r.max }] });
  }
  // "two Chaos Rhinos or Chaos Land Raiders", "225 points or 350 points": each option at its price.
  if (prices.length > 0 && out.alternatives.length === 0) {
    const priced = comp.choices.filter((c) => c.from.length === prices.length + 1);
    if (priced.length === 1) {
      const c = priced[0]!;
      out.choices = comp.choices.filter((x) => x !== c);
      for (const option of c.from.slice(1)) out.alternatives.push({ id: option, name: `${c.count} ${nameOf(option)}`, replaces: [{ unit: c.from[0]!, count: c.count }], units: [{ unit: option, count: c.count }] });
      out.decisions.push(`the choice of ${c.from.map(nameOf).join(' or ')} is priced apart: read in the printed order, ${c.from.map((id, k) => `${c.count} ${nameOf(id)} ${k === 0 ? cost.points : prices[k - 1]}`).join(', ')}; each is fielded whole (@${c.from[1]}), a mix is not priced by the list`);
    }
  }
  if (prices.length > 0) {
    if (out.alternatives.length !== prices.length) {
      // Which price goes with which is not known: none of them is offered.
      out.problems.push(`${prices.length + 1} prices (${[cost.points, ...prices].join(' or ')} points) for ${out.alternatives.length + 1} way${out.alternatives.length === 0 ? '' : 's'} to field it: fielded as its first, at ${cost.points}`);
      return { ...out, alternatives: [], choices: comp.choices };
    }
    out.alternatives.forEach((a, k) => (a.points = prices[k]!));
  }
  for (const a of out.alternatives) {
    out.decisions.push(`@${a.id} fields ${a.units.length > 0 ? said(a.units, nameOf) : `no units (${a.name}: terrain, not units, TP FAQ Fortified Positions)`} instead of ${said(a.replaces, nameOf)}${a.points !== undefined ? `, ${a.points} points` : ', at the formation\'s points'}`);
  }
  return out;
}
