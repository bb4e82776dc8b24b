import { UnitAbility, type Upgrade } from '../schema.js';
import { addChoice, emptyComposition, parseChoiceList, parseComposition, separateNotes, stripQualifiers, type Composition, type NameGroups } from './armyText.js';
import type { UnitResolver } from './names.js';
import { parseBoughtPositions } from './positionText.js';
import { COUNT_RE, countWord, squash } from './text.js';
import { parseBroughtFormation, type BroughtFormation } from './upgradeFormations.js';

/**
 * The prose of army-list upgrades: their effects ("Add up to two Dreadnoughts", "Replace up to
 * five Attack Bikes with an equal number of Bikes", "Give up to four Scout units Sniper") and
 * the inline upgrades of an "Extras" cell ("Add one Seneschal character for +25 points or one
 * Baron per army for +200 points"). Unit lists and costs are read by armyText.ts.
 */

const C = COUNT_RE;

const Q_UP_TO = new RegExp(`^up\\s+to\\s+(?:any\\s+)?(${C})\\s+(?:of\\s+(?:any\\s+of\\s+)?the following(?:\\s+units|\\s+characters)?\\s*)?(.*)$`, 'i');
const Q_BETWEEN = new RegExp(`^between\\s+(${C})\\s+and\\s+(${C})\\s+(?:of\\s+(?:any\\s+of\\s+)?the following(?:\\s+units|\\s+characters)?\\s*)?(.*)$`, 'i');
const Q_OF_FOLLOWING = new RegExp(`^(?:any\\s+)?(${C})\\s+of\\s+(?:any\\s+of\\s+)?the following(?:\\s+units|\\s+characters)?\\s*(.*)$`, 'i');
const Q_ANY = new RegExp(`^any\\s+(${C})\\s+(.*)$`, 'i');
const Q_COUNT = new RegExp(`^(${C})\\s+(.*)$`, 'i');
const INLINE_OR = new RegExp(`^(.*?)\\s+or\\s+((?:${C})\\s+\\S.*?)\\s+for\\s+(\\+?\\s*[0-9]+.*)$`, 'i');
const COUNTED_OR = new RegExp(`\\s+or\\s+${C}\\s`, 'i');

export interface UpgradeEffect {
  add: Array<{ unit: string; count: number }>;
  remove: Array<{ unit: string; count: number; or?: string[] }>;
  character?: string;
  choices: Array<{ count: number; from: string[] }>;
  repeatable?: { min?: number; max?: number };
  notes: string[];
  problems: string[];
  corrections: string[];
  /** The upgrade does something the schema cannot express. */
  unsupported?: string;
  /** Whom the units or character go to, as printed: "a Warlord, Guildmaster or a unit in a War Engine formation". */
  target?: string;
  /** A rule given to units of the formation ("Give up to four Scout units Sniper"). */
  grant?: NonNullable<Upgrade['grant']>;
  /** Pods the formation lands in ("Transport a formation containing only ... in Dreadclaws"). */
  planetfallPods?: NonNullable<Upgrade['planetfallPods']>;
  /** Fortified positions for the formation's own units ("Add one gun emplacement for every armoured vehicle unit"). */
  positions?: NonNullable<Upgrade['positions']>;
  /** Units one option brings ("Iron Eagle Battlecar (and one Recon Iron Eagle), or Fire Shield"). */
  optionUnits?: NonNullable<Upgrade['optionUnits']>;
  /** A formation of its own the upgrade adds ("add a Gun Drone formation of six Gun Drones"): upgradeFormations.ts. */
  formation?: BroughtFormation;
}

interface Quantity {
  /** The count written before the names; undefined when the names carry their own. */
  count?: number;
  rest: string;
  repeatable?: { min?: number; max?: number };
  notes: string[];
}

/** The quantity words of an "Add ..." or "Replace ..." upgrade. */
function quantity(text: string, each: boolean): Quantity {
  const notes: string[] = [];
  let t = text.trim().replace(/^a maximum of\s+/i, '');
  let repeatable: { max?: number } | undefined;
  const needed = /^(.*?),?\s+up to the number required to transport.*$/i.exec(t);
  if (needed) {
    t = needed[1]!;
    notes.push('up to the number needed to transport the formation');
  }
  const every = /^(.*?)\s+for every\s+(.+)$/i.exec(t);
  if (every) {
    t = every[1]!;
    notes.push(`for every ${every[2]}`);
    repeatable = {};
  }
  let m = /^any number of\s+(?:the following units\s*)?(.*)$/i.exec(t);
  if (m) return { count: 1, rest: m[1]!, repeatable: {}, notes: [...notes, 'any number'] };
  m = /^(?:just enough|the number)\s+(?:of\s+)?(?:any of the following units\s*)?(.*?)\s*(?:required\s+)?to transport\b.*$/i.exec(t);
  if (m) return { count: 1, rest: m[1]!, repeatable: {}, notes: [...notes, 'as many as needed to transport the formation'] };
  m = Q_UP_TO.exec(t);
  if (m) {
    const n = countWord(m[1]!)!;
    if (each && n > 1) return { count: 1, rest: m[2]!, repeatable: { max: n }, notes: [...notes, `up to ${m[1]}`] };
    return { count: n, rest: m[2]!, notes: [...notes, `up to ${m[1]}`] };
  }
  m = Q_BETWEEN.exec(t);
  if (m) {
    const hi = countWord(m[2]!)!;
    const lo = countWord(m[1]!)!;
    if (each) return { count: 1, rest: m[3]!, repeatable: lo > 1 ? { min: lo, max: hi } : { max: hi }, notes: [...notes, `between ${m[1]} and ${m[2]}`] };
    return { count: countWord(m[1]!)!, rest: m[3]!, notes: [...notes, `between ${m[1]} and ${m[2]}`] };
  }
  m = Q_OF_FOLLOWING.exec(t) ?? Q_ANY.exec(t) ?? Q_COUNT.exec(t);
  if (m) {
    const q: Quantity = { count: countWord(m[1]!)!, rest: m[2]!, notes };
    if (repeatable) q.repeatable = repeatable;
    return q;
  }
  const q: Quantity = { rest: t, notes };
  if (repeatable) q.repeatable = repeatable;
  return q;
}

/** Strips " to any unit in the formation", " to a Gunfortress or Gunwagon unit" (not "up to"), keeping the target in `out`. */
function stripTarget(text: string, out: UpgradeEffect): string {
  return text.replace(/(?<!\bup)\s+to\s+((?:any|a|an|each|one|the|infantry|units?)\b.*)$/i, (_, target: string) => {
    out.notes.push(`to ${target}`);
    out.target = target;
    return '';
  });
}

function mergeInto(out: UpgradeEffect, c: Composition, into: 'add' | 'remove'): void {
  out.problems.push(...c.problems);
  out.corrections.push(...c.corrections);
  out.notes.push(...c.notes);
  if (into === 'add') {
    out.add.push(...c.units);
    out.choices.push(...c.choices);
  } else {
    // "Replace a Predator Destructor or Vindicator": the player says which; the others are `or`.
    for (const uc of c.units) {
      const choice = c.choices.find((ch) => ch.from[0] === uc.unit && ch.count === uc.count && ch.from.length > 1);
      out.remove.push(choice ? { ...uc, or: choice.from.slice(1) } : { ...uc });
    }
    for (const ch of c.characters) out.remove.push(ch.from.length > 1 ? { unit: ch.from[0]!, count: ch.count, or: ch.from.slice(1) } : { unit: ch.from[0]!, count: ch.count });
  }
  if (into === 'remove' || c.characters.length === 0) return;
  if (out.character === undefined && c.characters.length === 1 && c.characters[0]!.count === 1) {
    const ch = c.characters[0]!;
    out.character = ch.from[0];
    if (ch.from.length > 1) out.choices.push({ count: 1, from: ch.from });
  } else {
    out.unsupported = 'adds more than one character';
  }
}

/**
 * An upgrade's effect: "Add ...", "Replace ... with ...", "Give ... <rule>". Anything else (rules
 * text) is kept with `unsupported` set; "Transport a formation ..." is read by planetfallPodText.ts.
 */
export function parseUpgradeEffect(text: string, each: boolean, resolver: UnitResolver, groups: NameGroups): UpgradeEffect {
  const out: UpgradeEffect = { add: [], remove: [], choices: [], notes: [], problems: [], corrections: [] };
  // "Iron Eagle Battlecar (and one Recon Iron Eagle), or Fire Shield": the brackets are units that
  // come with that option only, taken out before separateNotes would keep them as a note.
  const brought = OPTION_UNITS.exec(text);
  const t = stripQualifiers(separateNotes(brought ? text.replace(brought[0], `${brought[1]!} or`) : text, out.notes), out.notes);
  const effect = parseEffect(t, text, each, resolver, groups, out);
  if (brought) attachOptionUnits(effect, brought[1]!, brought[2]!, resolver, groups);
  return effect;
}

/** "<option> (and one <units>), or": the option's name and the units' text. */
const OPTION_UNITS = /([^,:]+?)\s*\(and\s+((?:one|an?)\s+[^)]+)\)\s*,?\s+or\b/i;

/** The units an option of the upgrade's choices brings (applyUpgrade fields them when the option is picked). */
function attachOptionUnits(out: UpgradeEffect, optionName: string, unitsText: string, resolver: UnitResolver, groups: NameGroups): void {
  const option = resolver.resolve(optionName.trim());
  const units = parseComposition(unitsText, resolver, groups);
  const offered = option.ok && out.choices.some((c) => c.from.includes(option.unit.id));
  if (!offered) out.problems.push(`"${optionName.trim()}", which brings "${unitsText}", is not one of the options read`);
  else if (units.problems.length > 0 || units.characters.length > 0 || units.units.length === 0) out.problems.push(`cannot read the units "${unitsText}" that "${optionName.trim()}" brings: ${units.problems.join('; ') || 'expected units, not characters'}`);
  else out.optionUnits = [{ option: option.unit.id, add: units.units }];
}

/**
 * "If a C'tan is not fielded then a Necron Overlord may be added to one Warbarque or unit with a
 * Necron Lord in the army": a character added to whom it names, read as "Add one Necron Overlord
 * character to ...", its condition kept as a note.
 */
const MAY_BE_ADDED = /^(?:if\s+(.+?)\s+then\s+)?(?:an?|one)\s+(.+?)\s+may be added to\s+(.+?)(?:\s+in the army)?\.?$/i;

function parseEffect(raw: string, text: string, each: boolean, resolver: UnitResolver, groups: NameGroups, out: UpgradeEffect): UpgradeEffect {
  const mayBeAdded = MAY_BE_ADDED.exec(raw);
  if (mayBeAdded) {
    if (mayBeAdded[1] !== undefined) out.notes.push(`if ${mayBeAdded[1]}`);
    out.corrections.push(`"${raw}" read as "Add one ${mayBeAdded[2]} character to ${mayBeAdded[3]}"`);
  }
  const t = mayBeAdded ? `Add one ${mayBeAdded[2]} character to ${mayBeAdded[3]}` : raw;
  if (/\bdaemon pool\b/i.test(text)) {
    out.unsupported = 'buys daemons for the Daemon Pool (summoning is not modelled)';
    return out;
  }
  const positions = parseBoughtPositions(t);
  if (positions !== undefined) {
    out.positions = positions;
    return out;
  }
  const brings = parseBroughtFormation(t, resolver, groups);
  if (brings) {
    out.problems.push(...brings.problems);
    if (brings.formation) out.formation = brings.formation;
    return out;
  }
  let m = /^add\s+(.+)$/i.exec(t);
  if (m) {
    let body = m[1]!;
    // "Add any one of the following characters to any unit in the formation: Captain, Chaplain, Librarian"
    let list = '';
    const colon = body.indexOf(':');
    if (colon >= 0) {
      list = body.slice(colon + 1).trim();
      body = body.slice(0, colon);
    }
    body = stripTarget(body, out);
    const q = quantity(body, each);
    out.notes.push(...q.notes);
    if (q.repeatable) out.repeatable = q.repeatable;
    const names = list || q.rest;
    if (!names.trim()) {
      out.problems.push(`no unit named in "${text}"`);
      return out;
    }
    const c = emptyComposition();
    if (list || (/,|\s+or\s+/.test(names) && !/\s+(?:and|with)\s+/.test(names) && !COUNTED_OR.test(names))) {
      // A list to choose from.
      const from = parseChoiceList(names, c, resolver, groups);
      if (from.length > 0) addChoice(c, q.count ?? 1, from);
      else mergeInto(out, parseComposition(q.count !== undefined ? `${q.count} ${names}` : names, resolver, groups), 'add');
    } else {
      mergeInto(out, parseComposition(q.count !== undefined ? `${q.count} ${names}` : names, resolver, groups), 'add');
    }
    mergeInto(out, c, 'add');
    if (out.add.length === 0 && out.character === undefined && out.problems.length === 0) out.problems.push(`no unit found in "${text}"`);
    return out;
  }
  // "Replace a Land Raider with a Land Raider Prometheus with Supreme Commander": the unit that
  // comes in has the ability.
  const endsWithAbility = /^replace\b/i.test(t) ? ABILITY_NAMES.find((a) => new RegExp(`\\s+with${a.re.source}`, 'i').test(t)) : undefined;
  m = /^replace\s+(.+)\s+with\s+(.+)$/i.exec(endsWithAbility ? t.replace(new RegExp(`\\s+with${endsWithAbility.re.source}`, 'i'), '') : t);
  if (m) {
    let a = m[1]!;
    // "Replace a unit with a Chaos Lord character with a Daemon Prince": the character goes.
    const host = /^(?:a|one|the)\s+units?\s+with\s+(?:an?\s+)?(.+)$/i.exec(a);
    if (host) a = `one ${host[1]}`;
    // "Replace between one and four Berserker Battlecar characters with ... for +25 points": a price
    // for a choice of how many is a price for each.
    const q = quantity(a, each || /^between\b/i.test(a));
    out.notes.push(...q.notes);
    if (q.repeatable) out.repeatable = q.repeatable;
    const rest = q.rest.replace(/^(?:the|a|an)\s+/i, '');
    let removed = parseComposition(`${q.count ?? 1} ${rest}`, resolver, groups);
    // "... with any of the following characters: Dragon, Skyhammer or Mortar Battlecar": each one
    // replaced becomes one of those.
    const replacement = m[2]!.replace(/^any of the following(?:\s+units|\s+characters)?\s*:\s*/i, 'an equal number of ');
    const withCount = (count: number) => replacement.trim().replace(/^an equal number of\s+/i, `${count} `).replace(/^(?:a|an)\s+/i, 'one ');
    if (removed.problems.length > 0) {
      // A name shared by what is replaced and what replaces it ("Land Speeders" in an Ordo Xenos
      // list whose Land Speeders are Tornadoes and Typhoons) is read among the other units.
      const replacing = parseComposition(withCount(q.count ?? 1), resolver, groups);
      const others = resolver.without([...replacing.units.map((u) => u.unit), ...replacing.characters.flatMap((c) => c.from)]);
      const retried = parseComposition(`${q.count ?? 1} ${rest}`, others, groups);
      if (replacing.problems.length === 0 && retried.problems.length === 0) removed = retried;
    }
    mergeInto(out, removed, 'remove');
    const removedCount = removed.units[0]?.count ?? removed.characters[0]?.count ?? 1;
    mergeInto(out, parseComposition(withCount(removedCount), resolver, groups), 'add');
    if (endsWithAbility && out.add.length === 1) out.grant = { rule: endsWithAbility.id, unit: out.add[0]!.unit, count: out.add[0]!.count };
    return out;
  }
  m = /^give\s+(.+)$/i.exec(t);
  if (m) parseGive(m[1]!, each, resolver, out);
  else out.unsupported = 'the text is a rule, not units to add or replace (kept in notes)';
  return out;
}

/** Unit abilities by their printed names, longest first ("Self Planetfall" before "Planetfall"). */
const ABILITY_NAMES = UnitAbility.options
  .map((id) => ({ id, re: new RegExp(`\\s+${id.replace(/-/g, '[\\s-]+')}$`, 'i') }))
  .sort((a, b) => b.id.length - a.id.length);

/** The rule a "Give ..." upgrade ends with: a unit ability by name, or else one capitalised (hyphenated) word ("Self-Reliant"). */
function ruleAtEnd(body: string): { id: string; at: number } | null {
  for (const a of ABILITY_NAMES) {
    const m = a.re.exec(body);
    if (m) return { id: a.id, at: m.index };
  }
  const m = /\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)*)$/.exec(body);
  return m ? { id: m[1]!.toLowerCase(), at: m.index } : null;
}

/**
 * "Give up to four Scout units Sniper", "Give any number of Scout units Sniper" (one unit per
 * purchase), "Give a Land Raider Supreme Commander", "Give all infantry units in the formation
 * Self-Reliant", "Give all units in the formation Planetfall": the rule, and which units take it.
 */
function parseGive(body: string, each: boolean, resolver: UnitResolver, out: UpgradeEffect): void {
  const rule = ruleAtEnd(body);
  if (rule === null) {
    out.unsupported = `gives units a rule whose name cannot be read in "${body}"`;
    return;
  }
  const q = quantity(body.slice(0, rule.at).replace(/\s+in the formation$/i, ''), each);
  out.notes.push(...q.notes);
  if (q.repeatable) out.repeatable = q.repeatable;
  const all = /^all\s+(.*)$/i.exec(q.rest.trim());
  const who = (all ? all[1]! : q.rest).replace(/(?:^|\s+)units?$/i, '').replace(/^(?:a|an|one)\s+/i, '').trim();
  const grant: NonNullable<UpgradeEffect['grant']> = { rule: rule.id };
  if (!all) grant.count = q.count ?? 1;
  if (/^infantry$/i.test(who)) grant.type = 'INF';
  else if (who !== '') {
    const r = resolver.resolve(who);
    if (!r.ok) {
      out.problems.push(r.reason);
      return;
    }
    grant.unit = r.unit.id;
  }
  out.grant = grant;
}

/** An inline upgrade in an "Extras" cell: "Add up to three Knight Paladins for +90 points each". */
export function splitInline(text: string): Array<{ effect: string; cost: string }> {
  const t = squash(text);
  const m = /^(.*?)\s+for\s+(free\b.*|\+?\s*[0-9]+\b.*)$/i.exec(t);
  if (!m) return [{ effect: t, cost: '' }];
  let effect = m[1]!;
  let cost = m[2]!;
  // "Add any number of the following units for +25 points each: Skorcha, Warbikes, Warbuggy"
  const list = /^([^:]*?):\s*(.+)$/.exec(cost);
  if (list) {
    cost = list[1]!;
    effect = `${effect}: ${list[2]}`;
  }
  const out = [{ effect, cost }];
  // "Add one Seneschal character for +25 points or one Baron per army for +200 points"
  const or = INLINE_OR.exec(cost);
  if (or) {
    out[0]!.cost = or[1]!;
    const replaced = /^(replace\s+.+?)\s+with\s+/i.exec(effect);
    const verb = /^(add|replace)\b/i.exec(effect)?.[1] ?? 'Add';
    // "Replace four Rangers with three War Walkers for free or four Falcons for +200 points"
    out.push({ effect: replaced ? `${replaced[1]} with ${or[2]}` : `${verb} ${or[2]}`, cost: or[3]! });
  }
  return pricedAlternatives(out[0]!) ?? out;
}

const RESPECTIVE_COST = /^\(?\+?\s*([0-9]+)\s+or\s+\+?\s*([0-9]+)\s+points?(\s+each)?\)?(?:,?\s+respectively)?$/i;
const COUNTED_ALTERNATIVE = new RegExp(`^(?:up\\s+to\\s+)?(?:${C})\\s`, 'i');
const ONLY_COUNT = new RegExp(`^(?:up\\s+to\\s+)?(?:${C})$`, 'i');

/**
 * Two counted alternatives at one price ("add one Gorgon or eight Centaurs", +75 points): each
 * its own upgrade at that price.
 */
function sameCostAlternatives(only: { effect: string; cost: string }): Array<{ effect: string; cost: string; label: string }> | null {
  if (/\bor\b/i.test(only.cost)) return null;
  const m = new RegExp(`^(add)\\s+((?:${C})\\s+[A-Z][^,]*?)\\s+or\\s+((?:${C})\\s+[A-Z][^,]*?)(\\s+Note:.*)?$`, 'i').exec(only.effect.trim());
  // "Add one Chaos Warlord character per army to a Daemon Prince or a unit with ...": one upgrade, two targets.
  if (!m || ONLY_COUNT.test(m[2]!) || ONLY_COUNT.test(m[3]!) || /\bto\b/i.test(m[2]!)) return null;
  // "Note: When a Gorgon is added ..." goes with the alternative it names.
  const noteFor = (side: string) => {
    const name = side.trim().split(/\s+/).at(-1)!.replace(/s$/i, '');
    return m[4] !== undefined && new RegExp(`\\b${name}`, 'i').test(m[4]) ? m[4] : '';
  };
  return [
    { effect: `${m[1]} ${m[2]}${noteFor(m[2]!)}`, cost: only.cost, label: m[2]! },
    { effect: `${m[1]} ${m[3]}${noteFor(m[3]!)}`, cost: only.cost, label: m[3]! },
  ];
}

/**
 * Two alternatives priced in one phrase ("... for +75 or +25 points, respectively", "add four
 * Chimera or Valkyries (+100 or +150 points)"), as two upgrades, the first price going with the
 * first alternative; `label` is what tells each apart ("Chimera", "two"). Where the second alternative starts with a count ("Add up to one Autarch character
 * per army or one Exarch character to an infantry unit"), each is its own quantity and they share
 * the verb and the "to ..." target; otherwise the two are the names either side of "or", sharing
 * what comes before and after ("Add the number of Termites or Moles required to transport the
 * formation").
 */
export function pricedAlternatives(only: { effect: string; cost: string }): Array<{ effect: string; cost: string; label: string }> | null {
  const price = RESPECTIVE_COST.exec(only.cost);
  if (!price) return sameCostAlternatives(only);
  const each = price[3] !== undefined ? ' each' : '';
  const costs = [`+${price[1]} points${each}`, `+${price[2]} points${each}`];
  const counted = /^(add|replace)\s+(.+?)\s+or\s+(.+?)(\s+to\s+(?:an?|any|one|the)\s+.+)?$/i.exec(only.effect);
  // "Replace two or four Chaos Space Marines ..." is two counts of the same names, read below.
  if (counted && COUNTED_ALTERNATIVE.test(counted[3]!) && !ONLY_COUNT.test(counted[2]!)) {
    const tail = counted[4] ?? '';
    return [
      { effect: `${counted[1]} ${counted[2]}${tail}`, cost: costs[0]!, label: counted[2]! },
      { effect: `${counted[1]} ${counted[3]}${tail}`, cost: costs[1]!, label: counted[3]! },
    ];
  }
  const names = /^(.*\s)(\S+)\s+or\s+(\S+)(\s.*)?$/.exec(only.effect);
  if (!names) return null;
  const after = names[4] ?? '';
  return [
    { effect: `${names[1]}${names[2]}${after}`, cost: costs[0]!, label: names[2]! },
    { effect: `${names[1]}${names[3]}${after}`, cost: costs[1]!, label: names[3]! },
  ];
}
