import { Army, type Formation, type Unit, type Upgrade } from '../schema.js';
import { formatPath } from '../inputError.js';
import {
  parseComposition,
  parseCost,
  separateNotes,
  splitLimit,
  type Composition,
  type Cost,
} from './armyText.js';
import { upgradeAlias } from './upgradeAliases.js';
import { characterHosts } from './characterHosts.js';
import { armedWithOf, weaponSurchargeOf } from './weaponWords.js';
import { parseUpgradeEffect, pricedAlternatives, splitInline, type UpgradeEffect } from './upgradeText.js';
import { readPlanetfallPods } from './planetfallPodText.js';
import type { Fields, FrontMatterFile } from './frontMatter.js';
import { readSummoning } from './summoningTables.js';
import { parsePage, type Cell, type Grid } from './htmlTables.js';
import { columnsOf, joinVariant, optionText, recordsOf } from './listTables.js';
import { parseInitiative } from './initiative.js';
import { UnitResolver } from './names.js';
import type { ReportLog } from './report.js';
import { armyRuleMapping } from './specialRules.js';
import { setMountSurcharges } from './mountSurcharges.js';
import { mountOf, offerUpgrades } from './upgradeOffers.js';
import { freeCharacters } from './freeCharacters.js';
import { broughtFormation, type BroughtFormation } from './upgradeFormations.js';
import { readAlternatives } from './formationAlternatives.js';
import { readSizes } from './formationSizes.js';
import { COUNT_RE, countWord, nameKey, plainText, pluralKeys, slug, squash } from './text.js';
import { SURCHARGE_NOTE } from '../formationSurcharges.js';
import { pricePerUnit } from './perUnitPrices.js';
import { readUnitTables } from './unitTables.js';
import { readConstruction, type ConstructionGrid } from './construction.js';

/**
 * One `_army_lists/*.html` page → an Army: every formation of every table (the list's own
 * and its allies': Imperial Navy, Titan Legion, ...), every upgrade (tables, inline "Extras"
 * lists and parenthesised options under a formation), the strategy rating and initiative.
 * Unit names written in prose are resolved against the units of the list's forces.
 */

export interface ArmyListImport {
  army?: Army;
  formations: { total: number; mapped: number };
  /** `offered`: upgrades some formation of the list takes. */
  upgrades: { total: number; mapped: number; offered: number };
  /** Texts stating how the army is built (construction.ts), and those read into a rule. */
  construction: { total: number; mapped: number };
  /** Special-rule ids the list names in its front matter. */
  rules: string[];
}

/** True when a printed unit name names this unit. */
function names(resolver: UnitResolver, text: string, unit: Unit): boolean {
  const r = resolver.resolve(text);
  return r.ok && r.unit.id === unit.id;
}

/**
 * A formation's points for its default pick: as printed; times the units for "N points each";
 * summed per unit for "50 points each per Chaos Predator 75 points each per Chaos Land Raider";
 * from the variant rows for "Questor | 275 points each / Subjugator | 225 points each".
 */
function priceFormation(
  comp: Composition,
  cost: Cost,
  printed: string,
  perLabel: Array<{ name: string; cost: string }> | undefined,
  resolver: UnitResolver,
): { points?: number; notes: string[]; problems: string[] } {
  const out: { points?: number; notes: string[]; problems: string[] } = { notes: [], problems: [] };
  if (perLabel) {
    out.notes.push(`per unit: ${perLabel.map((p) => `${p.name} ${p.cost}`).join(', ')}`);
    const first = comp.picked[0];
    const own = first ? perLabel.find((p) => names(resolver, p.name, first.unit)) : undefined;
    const each = own ? parseCost(own.cost).points : undefined;
    if (first && each !== undefined) out.points = each * first.count;
    else out.problems.push(`cannot price the default pick from "${perLabel.map((p) => p.cost).join(', ')}"`);
    return out;
  }
  if (cost.perUnit) {
    let sum = 0;
    for (const p of comp.picked) {
      const price = cost.perUnit.find((x) => names(resolver, x.name, p.unit));
      if (price) sum += price.points * p.count;
      else out.problems.push(`no price for ${p.unit.name} in "${printed}"`);
    }
    out.points = sum;
    out.notes.push(`per unit: ${printed}`);
    return out;
  }
  if (cost.points !== undefined && (cost.each || cost.perFormationUnit === true)) {
    out.points = cost.points * Math.max(1, comp.units.reduce((n, u) => n + u.count, 0));
    out.notes.push(printed);
    return out;
  }
  if (cost.points !== undefined) out.points = cost.points;
  return out;
}

function formationKind(units: Unit[]): Formation['kind'] {
  if (units.length === 0) return 'ground';
  if (units.every((u) => u.type === 'SC')) return 'spacecraft';
  if (units.every((u) => u.type === 'AC' || u.type === 'AC/WE')) return 'aircraft';
  if (units.every((u) => u.type === 'WE')) return 'war-engine';
  return 'ground';
}

const isUpgradeText = (text: string, cost: string): boolean =>
  /^(add|replace|give|transport)\b/i.test(text.trim()) && /^\(?\s*(\+|free\b)/i.test(cost.trim());

interface UpgradeDraft {
  upgrade: Upgrade;
  group: string;
  captions: string[];
  /** Notes printed with its table ("(Up to three company upgrades may be taken once per company.)"). */
  tableNotes: string[];
  /** Whom its units or character go to, as printed ("a Hive Tyrant or Dominatrix"). */
  target?: string;
  regular: boolean;
  problems: string[];
  /** A formation of its own it adds to the list (upgradeFormations.ts). */
  brings?: BroughtFormation;
  /** The table it is printed in (Grid.index), the limit printed with its name, and its effect as printed: for its construction rules. */
  grid?: number;
  limit?: string;
  effect?: string;
}

interface FormationDraft {
  formation: Formation;
  /** Upgrade names from the formation's row, resolved once every table is read. */
  upgradeNames: string[];
  allUpgrades?: { except: string[] };
  /** Upgrades the formation always includes ("one Hero upgrade"). */
  mandatory: Array<{ count: number; name: string }>;
  /** The captions of its table and the tables around it (for the initiative sentences). */
  captions: string[];
  /** Weapon tables its composition names ("three Gargant or Supa-Stompa Weapons"). */
  weaponTables: string[];
  /** The table it is printed in (Grid.index), for its construction rules. */
  grid?: number;
  /** The name its row prints, without the limit (one row may make several formations). */
  row?: string;
  /** Limits its upgrades cell prints on upgrades ("0–1 Oddboy"), with the upgrades named. */
  upgradeLimits: Array<{ text: string; upgrades: string[] }>;
}

/** Why no formation takes an upgrade, for the import report. */
function unofferedReason(upgrade: Upgrade): string {
  if ((upgrade.notes ?? '').includes(SURCHARGE_NOTE)) return 'offered by no formation as an upgrade: a per-unit surcharge, priced into the formations and upgrades whose choice of units fields it';
  if (upgrade.unsupported !== undefined) return `offered by no formation; its effect is not simulated (${upgrade.unsupported})`;
  return 'offered by no formation: no formation row names it, and neither its table\'s notes nor its own text say which formations take it';
}

export function importArmyList(
  id: string,
  fm: FrontMatterFile,
  fields: Fields,
  units: Map<string, Unit>,
  forces: Map<string, { units: string[] }>,
  mountWeapons: Set<string>,
  ruleText: Map<string, string>,
  log: ReportLog,
): ArmyListImport {
  const result: ArmyListImport = { formations: { total: 0, mapped: 0 }, upgrades: { total: 0, mapped: 0, offered: 0 }, construction: { total: 0, mapped: 0 }, rules: [] };
  const d = fm.data;
  const rawName = fields.name(d, d.name !== undefined ? 'name' : 'title');
  // Names may carry HTML ("13<sup>th</sup> Black Crusade"): keep the text only.
  const name = rawName === undefined ? undefined : plainText(rawName);
  const forceIds = fields.ids(d, 'forces');
  const ruleIds = fields.ids(d, 'special_rules');
  result.rules = ruleIds;
  if (name === undefined) return result;
  const file = fm.file;

  // The units the list may field, its own force first.
  const scope: Unit[] = [];
  for (const f of forceIds) {
    const force = forces.get(f);
    if (!force) {
      log.decide(file, id, `forces: "${f}" has no _forces file; its units are not available to this list`);
      continue;
    }
    for (const u of force.units) {
      const unit = units.get(u);
      if (unit) scope.push(unit);
    }
  }
  const resolver = new UnitResolver(scope);
  const page = parsePage(fm.body);
  for (const t of page.lost) log.unmap('table', file, `${id}/${slug(t.caption)}`, t.caption, `the HTML reader lost ${t.lost}: the formations and upgrades those rows print are not imported`);

  const upgrades: UpgradeDraft[] = [];
  const drafts: FormationDraft[] = [];
  const usedUpgradeIds = new Set<string>();
  const usedFormationIds = new Set<string>();
  const uniqueId = (base: string, used: Set<string>): string => {
    let idv = base || 'item';
    for (let k = 2; used.has(idv); k++) idv = `${base}-${k}`;
    used.add(idv);
    return idv;
  };

  const tables = readUnitTables(page.grids, resolver);
  const groups = tables.groups;

  /** "Transport a formation containing only ... in Dreadclaws": its pods, or why they cannot be read (planetfallPodText.ts). */
  const podsEffect = (text: string): UpgradeEffect => {
    const read = readPlanetfallPods(text, { resolver, listUnits: scope, allUnits: units });
    const effect: UpgradeEffect = { add: [], remove: [], choices: [], notes: [], problems: [], corrections: [] };
    if ('pods' in read) effect.planetfallPods = read.pods;
    else effect.unsupported = read.unsupported;
    return effect;
  };

  const unmapUpgrade = (u: UpgradeDraft) => {
    const reason = u.upgrade.unsupported ?? u.problems.join('; ');
    log.unmap('upgrade', file, `${id}/${u.upgrade.id}`, u.upgrade.name, reason);
  };

  const addUpgrade = (
    group: string,
    label: string | undefined,
    effectText: string,
    costText: string,
    altCosts: string[],
    grid: Grid,
    regular: boolean,
    limit: string | undefined,
    idBase?: string,
  ): UpgradeDraft => {
    const cost: Cost = parseCost(costText);
    const notes: string[] = [];
    const problems: string[] = [];
    // A free "up to N" is priced per unit like "each": nothing to pay either way.
    const effect = /^transport\b/i.test(effectText.trim()) ? podsEffect(effectText) : parseUpgradeEffect(effectText, cost.each || cost.points === 0, resolver, groups);
    if (cost.forCount !== undefined && effect.add.length === 1) {
      // "Add up to four Infantry Levy for +25 points for two": two units per purchase.
      const k = cost.forCount;
      const max = effect.repeatable?.max ?? effect.add[0]!.count;
      effect.add[0]!.count = k;
      effect.repeatable = { max: Math.max(1, Math.floor(max / k)) };
    }
    notes.push(...effect.notes, ...cost.notes);
    if (limit) notes.push(`limit ${limit}`);
    for (const a of altCosts) notes.push(`also ${a}`);
    for (const c of effect.corrections) log.decide(file, id, `upgrade "${group}": ${c}`);
    problems.push(...effect.problems);
    const displayName = label ? `${group}: ${label}` : group;
    const upgrade: Upgrade = {
      id: uniqueId(idBase ?? slug(label ? `${group} ${splitLimit(label).name}` : group), usedUpgradeIds),
      name: displayName,
      points: cost.points ?? 0,
      add: effect.add,
      remove: effect.remove,
      choices: effect.choices,
    };
    if (cost.points === undefined) problems.push(cost.unsupported ?? `no cost in "${costText}"`);
    else if (cost.unsupported) upgrade.unsupported = cost.unsupported;
    if (effect.character) upgrade.character = effect.character;
    if (effect.grant) upgrade.grant = effect.grant;
    if (effect.planetfallPods) upgrade.planetfallPods = effect.planetfallPods;
    // "+5 points per unit" prices a transport by the units it carries; nothing else is priced so.
    if (cost.perFormationUnit && effect.planetfallPods) upgrade.perUnit = true;
    else if (cost.perFormationUnit) upgrade.unsupported = `priced "${costText}", per unit of the formation, for an effect other than carrying it`;
    if (effect.positions) upgrade.positions = effect.positions;
    if (effect.optionUnits) upgrade.optionUnits = effect.optionUnits;
    if (cost.perDamageCapacity !== undefined) {
      if (effect.character !== undefined) upgrade.pointsPerDamageCapacity = { per: cost.perDamageCapacity };
      else problems.push(`priced per ${cost.perDamageCapacity} DC of the unit it joins, but adds no character to join one`);
    }
    if (effect.repeatable) upgrade.repeatable = effect.repeatable;
    else if (cost.each && (effect.add.length > 0 || effect.character)) upgrade.repeatable = {};
    const added = effect.add.length === 1 ? units.get(effect.add[0]!.unit) : undefined;
    if (added !== undefined) {
      const loadout = armedWithOf(effect.notes, added);
      if (loadout.problem !== undefined) problems.push(loadout.problem);
      if (loadout.armedWith !== undefined) upgrade.armedWith = loadout.armedWith;
    }
    // "+75 points each or +125 points per pair".
    const pair = altCosts.map((a) => /^\+?\s*([0-9]+)\s*points?\s+per\s+pair$/i.exec(squash(a))).find((m) => m !== null);
    if (pair && upgrade.repeatable !== undefined) upgrade.pairPoints = Number(pair[1]);
    // "Add three Saim-Hann Jetbikes (+75 points or six for +150)": six is the upgrade taken twice.
    const more = cost.notes.map((n) => new RegExp(`^or\\s+(${COUNT_RE})\\s+for\\s+\\+?\\s*([0-9]+)`, 'i').exec(n)).find((m) => m !== null);
    if (more && effect.add.length === 1 && upgrade.repeatable === undefined && cost.points !== undefined) {
      const times = countWord(more[1]!)! / effect.add[0]!.count;
      if (Number.isInteger(times) && times > 1 && Number(more[2]) === times * cost.points) upgrade.repeatable = { max: times };
      else problems.push(`"${more[0]}" is not the upgrade taken a whole number of times at its price`);
    }
    if (effect.unsupported) upgrade.unsupported = upgrade.unsupported ? `${upgrade.unsupported}; ${effect.unsupported}` : effect.unsupported;
    if (problems.length > 0 && !upgrade.unsupported) upgrade.unsupported = `cannot resolve: ${problems.join('; ')}`;
    if (problems.length > 0) {
      // Keep the upgrade (formations refer to it) but without half-resolved unit lists.
      upgrade.add = [];
      upgrade.remove = [];
      upgrade.choices = [];
      delete upgrade.character;
      delete upgrade.grant;
      delete upgrade.positions;
      delete upgrade.optionUnits;
      delete upgrade.pointsPerDamageCapacity;
    }
    const printed = squash(`${effectText}${costText ? ` (${costText})` : ''}`);
    upgrade.notes = [printed, ...notes].filter((s) => s !== '').join('; ');
    const draft: UpgradeDraft = { upgrade, group, captions: [grid.caption, ...grid.parents], tableNotes: grid.notes, regular, problems, grid: grid.index, effect: effectText };
    if (limit !== undefined) draft.limit = limit;
    if (effect.target !== undefined) draft.target = effect.target;
    if (upgrade.character !== undefined && upgrade.mount === undefined) {
      const joins = characterHosts(effect.target, grid.notes, resolver);
      if (joins !== undefined) upgrade.joins = joins;
    }
    if (effect.formation !== undefined && problems.length === 0) draft.brings = effect.formation;
    upgrades.push(draft);
    return draft;
  };

  /**
   * The upgrades of one printed upgrade: itself, or each alternative it prices apart ("add four
   * Chimera or Valkyries (+100 or +150 points)") as an upgrade of its own, the alternatives
   * sharing a `oneOf` so a formation takes one of them.
   */
  const addAlternatives = (alternatives: Array<{ effect: string; cost: string; label?: string }>, make: (effect: string, cost: string, label: string | undefined) => UpgradeDraft): UpgradeDraft[] => {
    const drafts = alternatives.map((a) => make(a.effect, a.cost, alternatives.length > 1 ? a.label : undefined));
    if (drafts.length > 1) for (const d of drafts) d.upgrade.oneOf = drafts[0]!.upgrade.id;
    return drafts;
  };
  const printedAlternatives = (effect: string, cost: string): Array<{ effect: string; cost: string; label?: string }> => pricedAlternatives({ effect, cost }) ?? [{ effect, cost }];

  const inlineUpgrades = (cell: Cell, owner: string, grid: Grid): { ids: string[]; names: string[]; all?: { except: string[] } } => {
    const items = cell.items.length > 0 ? cell.items : [];
    const text = squash(cell.text);
    if (items.length === 0 && /^(add|replace)\b/i.test(text)) items.push(...text.split(/(?<=\.)\s+(?=(?:Add|Replace)\b)/));
    if (items.length > 0) {
      const ids: string[] = [];
      for (const item of items) {
        const noteless: string[] = [];
        const body = item.replace(/\s*\bNote:.*$/i, (n) => {
          noteless.push(n.trim());
          return '';
        });
        const drafts = addAlternatives(splitInline(body.replace(/\.$/, '')), (effect, cost) =>
          addUpgrade(effect, undefined, effect, cost, [], grid, false, undefined, slug(`${owner} ${effect}`).slice(0, 60).replace(/-+$/, '')),
        );
        for (const draft of drafts) {
          if (noteless.length > 0) draft.upgrade.notes = `${draft.upgrade.notes}; ${noteless.join(' ')}`;
          ids.push(draft.upgrade.id);
        }
      }
      return { ids, names: [] };
    }
    const notes: string[] = [];
    const t = separateNotes(text, notes);
    if (t === '' || /^none$/i.test(t)) return { ids: [], names: [] };
    const all = /^all(?:\s+(?:except|but)\s+(.+))?$/i.exec(t);
    if (all) {
      const except = all[1] ? all[1].split(/\s*,\s*(?:and\s+)?|\s+and\s+/).filter((s) => s) : [];
      return { ids: [], names: [], all: { except } };
    }
    return { ids: [], names: t.split(/\s*,\s*(?:and\s+)?/).filter((s) => s.trim() !== '') };
  };

  // Pass 1: every table.
  for (const grid of page.grids) {
    const cols = columnsOf(grid);
    if (!cols) {
      log.decide(file, id, `table "${grid.caption}" (${grid.headers.join(' | ') || 'no header'}) is neither a formation nor an upgrade table; not read`);
      continue;
    }
    for (const rec of recordsOf(grid, cols)) {
      const { name: recName, limit } = splitLimit(rec.nameText.replace(/\s*\*+$/, ''));
      const first = rec.variants[0]!;
      const firstCost = first.costs.find((c) => c !== '') ?? '';
      const asUpgrade = cols.kind === 'upgrade' || isUpgradeText(first.text, firstCost);
      if (asUpgrade) {
        const nameNotes: string[] = [];
        const cleanName = separateNotes(recName, nameNotes);
        /** A heading row's limit ("0–1 of one of the following options per army:") on the rows after it. */
        let headed: string | undefined;
        const recordDrafts: UpgradeDraft[] = [];
        let eitherRow = false;
        rec.variants.forEach((v) => {
          const cost = v.costs.find((c) => c !== '') ?? '';
          let text = joinVariant(v.text, v.label);
          // "Dreadnought: Add one Dreadnought, or | Replace one Killa Kan with one Dreadnought": the rows are alternatives.
          if (/,?\s+or$/i.test(text)) {
            text = text.replace(/,?\s+or$/i, '');
            eitherRow = true;
          }
          const heading = squash(v.label ?? v.text);
          if (cost === '' && /\bof the following options\b[^:]*:$/i.test(heading)) {
            headed = heading.replace(/\s*\bof\s+(?:one\s+of\s+)?the following options\b/i, ' of them').replace(/:$/, '');
            log.decide(file, id, `upgrade "${cleanName}": "${heading}" is a heading over the options after it, not an upgrade; they are limited "${headed}"`);
            return;
          }
          if (cols.effectless || text.trim() === '') text = `Add one ${cleanName}`;
          if (/\bdaemon pool\b/i.test(grid.caption)) text = `${text} to the Daemon Pool`;
          // An "Upgrade" table, with an effect column or only a cost ("Battle Titan Weapons: Upgrade | Cost"): what an "All" cell offers.
          const regular = grid.headers[0]?.toLowerCase() === 'upgrade';
          const drafts = addAlternatives(printedAlternatives(text, cost), (effect, price, label) =>
            addUpgrade(cleanName, label ?? (rec.variants.length > 1 ? (v.label ?? v.text).replace(/,?\s+or$/i, '') : undefined), effect, price, v.altCosts, grid, regular, headed ?? limit),
          );
          for (const draft of drafts) {
            if (nameNotes.length > 0) draft.upgrade.notes = `${draft.upgrade.notes}; ${nameNotes.join('; ')}`;
            const mount = mountOf(grid.notes, nameNotes);
            if (mount) draft.upgrade.mount = mount;
          }
          recordDrafts.push(...drafts);
        });
        // "Commander: Choose one of the following options: ...": the record's options are alternatives.
        if ((eitherRow || /^choose one of the following options:?$/i.test(squash(first.text))) && recordDrafts.length > 1) {
          for (const d of recordDrafts) d.upgrade.oneOf = recordDrafts[0]!.upgrade.id;
        }
        for (const o of rec.options) {
          addAlternatives(printedAlternatives(optionText(o.text), o.cost), (effect, price) => addUpgrade(cleanName, effect, effect, price, [], grid, false, limit));
        }
        continue;
      }
      // A formation (or one formation per variant). A Units header spanning two columns whose second
      // cell reads "None" (Necron Harvesters before 2024) prints the empty upgrades there: no unit.
      const variants = rec.variants.map((v) => {
        if (v.label === undefined || !/^none$/i.test(v.label.trim())) return v;
        log.decide(file, id, `formation "${recName}": the second column under "Units" reads "None": no upgrades, not a unit`);
        return { ...v, label: undefined };
      });
      const mixed =
        variants.length > 1 &&
        variants.every((v) => v.label !== undefined && /\beach\b/i.test(v.costs.join(' '))) &&
        !/^(?:any\s+)?one of the following/i.test(variants[0]!.text.trim());
      const builds: Array<{ name: string; text: string; costs: string[]; altCosts: string[]; perLabel?: Array<{ name: string; cost: string }> }> = [];
      if (mixed) {
        const labels = variants.map((v) => v.label!);
        builds.push({
          name: recName,
          text: `${variants[0]!.text.replace(/:\s*$/, '')}: ${labels.join(', ')}`,
          costs: variants[0]!.costs,
          altCosts: [],
          perLabel: variants.map((v) => ({ name: v.label!, cost: v.costs.find((c) => c !== '') ?? '' })),
        });
      } else {
        for (const v of variants) {
          const label = v.label ?? (variants.length > 1 ? v.text : undefined);
          builds.push({
            name: variants.length > 1 && label ? `${recName} (${squash(label).replace(/\s+or$/i, '')})` : recName,
            text: joinVariant(v.text, v.label).replace(/\s+or$/i, ''),
            costs: v.costs,
            altCosts: v.altCosts,
          });
        }
      }
      const upgradeRefs = rec.upgradesCell ? inlineUpgrades(rec.upgradesCell, slug(recName), grid) : { ids: [], names: [] };
      const optionIds: string[] = [];
      for (const b of builds) {
        result.formations.total += 1;
        const formationId = uniqueId(slug(b.name), usedFormationIds);
        const problems: string[] = [];
        const notes: string[] = [];
        let comp: Composition = parseComposition(b.text, resolver, groups);
        if (comp.problems.length > 0) {
          // "One of the following Ordinatus Majoris: Mars": the unit is the one named before the colon.
          const m = /^(?:any\s+)?one of the following\s+([^:]+):/i.exec(b.text.trim());
          if (m && !/^units?$/i.test(m[1]!.trim())) {
            const again = parseComposition(`One ${m[1]}`, resolver, groups);
            if (again.problems.length === 0) {
              comp = again;
              notes.push(b.text);
            }
          }
        }
        for (const c of comp.corrections) log.decide(file, id, `formation "${b.name}": ${c}`);
        problems.push(...comp.problems);
        notes.push(...comp.notes);
        if (comp.openChoice) problems.push(`the units "${comp.openChoice.text}" are listed in no cell`);
        // Costs: the first cost column is the default size; others are printed in the notes.
        const costs = b.costs.map((c, k) => ({ col: cols.costNames[k] ?? 'cost', text: c })).filter((c) => c.text !== '');
        const printed = costs[0]?.text ?? '';
        const cost = parseCost(printed);
        if (costs.length > 1) notes.push(`costs ${costs.map((c) => `${c.col} ${c.text}`).join(', ')}`);
        notes.push(...cost.notes);
        for (const a of b.altCosts) notes.push(`also ${a}`);
        const priced = priceFormation(comp, cost, printed, b.perLabel, resolver);
        const points = priced.points;
        notes.push(...priced.notes);
        problems.push(...priced.problems);
        if (points === undefined && priced.problems.length === 0) problems.push(cost.unsupported ?? `no cost in "${printed}"`);
        else if (cost.unsupported) problems.push(cost.unsupported);
        const alternatives = readAlternatives(comp, cost, resolver, groups, (u) => units.get(u)?.name ?? u);
        const sizes = readSizes(comp, cost, b.perLabel, resolver, b.costs.map((c, k) => ({ col: cols.costNames[k] ?? 'cost', text: c })), points ?? 0);
        for (const p of [...alternatives.problems, ...sizes.problems]) log.unmap('formation-option', file, `${id}/${slug(b.name)}`, b.name, p);
        if (comp.units.length === 0 && problems.length === 0) {
          problems.push(comp.fortifications.length > 0 ? `only fortifications (${comp.fortifications.join(', ')}): terrain, not units (TP FAQ Fortified Positions)` : `no units in "${b.text}"`);
        }
        const fullName = b.name;
        if (problems.length > 0) {
          log.unmap('formation', file, `${id}/${formationId}`, fullName, problems.join('; '));
          continue;
        }
        const picked = comp.picked.map((p) => p.unit);
        const formation: Formation = {
          id: formationId,
          name: fullName,
          kind: formationKind(picked),
          units: comp.units,
          choices: alternatives.choices,
          upgrades: [],
          points: points!,
        };
        if (alternatives.alternatives.length > 0) formation.alternatives = alternatives.alternatives;
        if (sizes.unitPrices) formation.unitPrices = sizes.unitPrices;
        if (sizes.sizes) formation.sizes = sizes.sizes;
        for (const d of [...alternatives.decisions, ...sizes.decisions]) log.decide(file, id, `formation "${fullName}": ${d}`);
        for (const e of sizes.extras) {
          const upgrade = { ...e.upgrade, id: uniqueId(e.idBase, usedUpgradeIds) };
          upgrades.push({ upgrade, group: upgrade.name, captions: [grid.caption, ...grid.parents], tableNotes: grid.notes, regular: false, problems: [], grid: grid.index });
          formation.upgrades.push(upgrade.id);
          log.decide(file, id, `formation "${fullName}": +${upgrade.id} adds one unit, ${upgrade.notes}`);
        }
        for (const c of sizes.cellUpgrades) {
          formation.upgrades.push(addUpgrade(c.effect, undefined, c.effect, c.cost, [], grid, false, undefined, slug(c.effect)).upgrade.id);
        }
        if (comp.characters.length > 0) formation.characters = comp.characters;
        if (limit) formation.limit = limit;
        const surcharge = weaponSurchargeOf(notes, resolver);
        if (surcharge.problem !== undefined) log.decide(file, id, `formation "${fullName}": ${surcharge.problem}; not charged`);
        if (surcharge.surcharge !== undefined) formation.weaponSurcharges = [surcharge.surcharge];
        const tableNotes = [grid.caption ? `table "${[...grid.parents, grid.caption].filter((s) => s).join(' / ')}"` : '', ...grid.notes];
        const allNotes = [`units "${b.text}"`, ...notes, ...tableNotes].filter((s) => s !== '');
        formation.notes = allNotes.join('; ');
        const draft: FormationDraft = {
          formation,
          upgradeNames: upgradeRefs.names,
          mandatory: comp.upgradeItems,
          captions: [...grid.parents, grid.caption].filter((c) => c !== ''),
          weaponTables: comp.weaponTables,
          grid: grid.index,
          row: recName,
          upgradeLimits: [],
        };
        if (upgradeRefs.all) draft.allUpgrades = upgradeRefs.all;
        drafts.push(draft);
        formation.upgrades.push(...upgradeRefs.ids);
        if (rec.options.length > 0 && optionIds.length === 0) {
          for (const o of rec.options) {
            const drafts = addAlternatives(printedAlternatives(optionText(o.text), o.cost), (effect, price) => {
              const bare = effect.replace(/\s*\bNote:.*$/i, '');
              return addUpgrade(bare, undefined, effect, price, [], grid, false, undefined, slug(`${recName} ${bare}`).slice(0, 60).replace(/-+$/, ''));
            });
            optionIds.push(...drafts.map((d) => d.upgrade.id));
          }
        }
        formation.upgrades.push(...optionIds);
      }
    }
  }

  pricePerUnit({ tables, resolver, units, decide: (message) => log.decide(file, id, message) }, upgrades, drafts);

  // An upgrade that brings a formation of its own ("add a Gun Drone formation of six Gun Drones"):
  // the formation joins the list, and the upgrade names it (upgradeFormations.ts).
  for (const u of upgrades) {
    if (u.brings === undefined) continue;
    const owner = drafts.find((d) => d.formation.upgrades.includes(u.upgrade.id))?.formation;
    if (owner === undefined) {
      u.upgrade.unsupported = 'brings a formation of its own, but no formation row takes the upgrade';
      continue;
    }
    const kind = formationKind(u.brings.units.map((uc) => units.get(uc.unit)!));
    const f = broughtFormation(u.upgrade, u.brings, owner, kind, (idv) => units.get(idv)?.name ?? idv);
    f.id = uniqueId(f.id, usedFormationIds);
    result.formations.total += 1;
    drafts.push({ formation: f, upgradeNames: [], mandatory: [], captions: [], weaponTables: [], upgradeLimits: [] });
    u.upgrade.formation = f.id;
    log.decide(file, id, `upgrade "${u.upgrade.name}" of formation "${owner.name}" brings formation "${f.id}" (${f.units.map((uc) => `${uc.count} ${units.get(uc.unit)?.name ?? uc.unit}`).join(', ')}, ${f.points} points), simulated as a formation of its own`);
  }

  // Pass 2: upgrade names in formation rows → upgrade ids.
  const byGroup = new Map<string, UpgradeDraft[]>();
  for (const u of upgrades) {
    const key = nameKey(u.group);
    byGroup.set(key, [...(byGroup.get(key) ?? []), u]);
  }
  const findGroup = (text: string): UpgradeDraft[] | undefined => {
    const { name } = splitLimit(text);
    const key = nameKey(name.replace(/^all\s+/i, ''));
    const direct = byGroup.get(key) ?? [...byGroup.entries()].find(([k]) => pluralKeys(key).includes(k) || pluralKeys(k).includes(key))?.[1];
    if (direct) return direct;
    const inCaption = upgrades.filter((u) => u.captions.some((c) => {
      const ck = nameKey(c);
      return ck === key || pluralKeys(key).includes(ck) || pluralKeys(ck).includes(key);
    }));
    return inCaption.length > 0 ? inCaption : undefined;
  };
  const kept: FormationDraft[] = [];
  for (const draft of drafts) {
    const f = draft.formation;
    const ids = new Set(f.upgrades);
    // "Six Grey Hunter units and one Hero upgrade": the upgrade's character comes with the formation.
    const missing: string[] = [];
    for (const m of draft.mandatory) {
      const group = findGroup(m.name);
      const withCharacter = group?.find((u) => u.upgrade.character !== undefined && u.problems.length === 0);
      if (!withCharacter) {
        missing.push(`"${m.name} upgrade" is not an upgrade of this list that adds a character`);
        continue;
      }
      const up = withCharacter.upgrade;
      const from = up.choices.find((c) => c.from.includes(up.character!))?.from ?? [up.character!];
      f.characters = [...(f.characters ?? []), { count: m.count, from }];
      f.notes = `${f.notes}; includes ${m.count} ${m.name} upgrade (its character is in characters)`;
    }
    if (missing.length > 0) {
      log.unmap('formation', file, `${id}/${f.id}`, f.name, missing.join('; '));
      continue;
    }
    kept.push(draft);
    if (draft.allUpgrades) {
      const except = draft.allUpgrades.except.map((e) => findGroup(e));
      draft.allUpgrades.except.forEach((e, k) => {
        if (!except[k]) log.unmap('upgrade', file, `${id}/${f.id}:${slug(e)}`, e, `formation "${f.name}" excludes upgrade "${e}", which the list does not define`);
      });
      const excluded = new Set(except.flatMap((g) => (g ?? []).map((u) => u.upgrade.id)));
      for (const u of upgrades) if (u.regular && !excluded.has(u.upgrade.id)) ids.add(u.upgrade.id);
    }
    for (const n of draft.upgradeNames) {
      const alias = upgradeAlias(id, splitLimit(n).name);
      const g = findGroup(n) ?? (alias === undefined ? undefined : findGroup(alias));
      if (alias !== undefined && g) log.decide(file, id, `formation "${f.name}": upgrade "${n}", which the list does not define, read as its "${alias}" (upgradeAliases.ts)`);
      if (!g) {
        log.unmap('upgrade', file, `${id}/${f.id}:${slug(n)}`, n, `formation "${f.name}" lists upgrade "${n}", which the list does not define`);
        continue;
      }
      for (const u of g) ids.add(u.upgrade.id);
      const lim = splitLimit(n).limit;
      if (lim) {
        f.notes = `${f.notes}; upgrade ${splitLimit(n).name} limited ${lim}`;
        draft.upgradeLimits.push({ text: n, upgrades: g.map((u) => u.upgrade.id) });
      }
    }
    f.upgrades = [...ids];
  }

  for (const o of offerUpgrades({ upgrades, formations: kept, units, resolver, mountWeapons })) {
    log.decide(file, id, `formation "${o.formation.name}" takes upgrades ${o.upgrades.map((u) => u.id).join(', ')}: ${o.because}`);
  }
  const own = new Set(forces.get(forceIds[0] ?? '')?.units ?? []);
  const free = freeCharacters({ ruleIds, ruleText, resolver, units, formations: kept.map((d) => d.formation), upgrades: new Map(upgrades.map((u) => [u.upgrade.id, u.upgrade])), ownUnits: own });
  for (const p of free.problems) log.unmap('upgrade', file, `${id}/${p.rule}`, p.rule, p.reason);
  for (const c of free.characters) {
    c.upgrade.id = uniqueId(c.upgrade.id, usedUpgradeIds);
    upgrades.push({ upgrade: c.upgrade, group: c.upgrade.name, captions: [], tableNotes: [], regular: false, problems: [] });
    for (const f of c.formations) f.upgrades.push(c.upgrade.id);
    log.decide(file, id, `free character "${c.upgrade.name}" offered to ${c.formations.length} formations: ${c.upgrade.notes}`);
  }
  const surcharged = setMountSurcharges({ ruleIds, ruleText, resolver, units, formations: kept.map((d) => d.formation), upgrades: upgrades.map((u) => u.upgrade), mountWeapons });
  for (const c of surcharged.charged) log.decide(file, id, c);
  for (const p of surcharged.problems) log.unmap('special-rule', file, `${id}/${p.rule}`, p.rule, `weapon-mount surcharge not priced: ${p.reason}`);
  const offered = new Set(kept.flatMap((d) => d.formation.upgrades));
  for (const u of upgrades) {
    if (offered.has(u.upgrade.id)) result.upgrades.offered += 1;
    else log.unmap('unoffered-upgrade', file, `${id}/${u.upgrade.id}`, u.upgrade.name, unofferedReason(u.upgrade));
  }

  result.formations.mapped = kept.length;
  result.upgrades.total = upgrades.length;
  for (const u of upgrades) {
    if (u.problems.length > 0 || u.upgrade.unsupported) unmapUpgrade(u);
    else result.upgrades.mapped += 1;
  }

  // Strategy rating and initiative.
  const text = page.paragraphs.join(' ');
  const sr = /strategy rating of ([0-9]+)/i.exec(text);
  const armyProblems: string[] = [];
  if (!sr) armyProblems.push('no "strategy rating of N" in the page');
  const init = parseInitiative(text, kept.map((d) => ({ id: d.formation.id, name: d.formation.name, captions: d.captions })));
  for (const u of init.unresolved) log.unmap('initiative', file, `${id}/${slug(u.group)}`, u.group, u.reason);
  for (const n of init.notes) log.decide(file, id, `initiative: ${n}`);
  if (init.default === undefined) armyProblems.push('no initiative rating for "all (other) formations" in the page');
  if (armyProblems.length > 0) {
    log.unmap('army-list', file, id, name, armyProblems.join('; '));
    return result;
  }
  const rules = ruleIds.map((r) => armyRuleMapping(r)).filter((r): r is NonNullable<typeof r> => r !== undefined);
  const summoning = readSummoning({ ruleIds, ruleText, resolver, formations: kept.map((d) => d.formation), upgrades: upgrades.map((u) => u.upgrade) });
  if (summoning !== null && 'problem' in summoning) log.unmap('special-rule', file, `${id}/${summoning.problem.rule}`, summoning.problem.rule, `summoning table not read: ${summoning.problem.reason}`);
  const constructionGrids: ConstructionGrid[] = page.grids.map((g) => ({
    index: g.index,
    caption: g.caption,
    parents: g.parents,
    notes: g.notes,
    formations: kept.filter((k) => k.grid === g.index).map((k) => k.formation.id),
    // A formation table's inline upgrades belong to its formations; a table of upgrades alone ("Individuals") is counted by its upgrades.
    upgrades: kept.some((k) => k.grid === g.index) ? [] : upgrades.filter((u) => u.grid === g.index).map((u) => u.upgrade.id),
  }));
  const prose = [
    { where: 'Using the army list', text: fields.text(d, 'using_the_army_list') ?? '' },
    { where: 'Special rules', text: fields.text(d, 'special_rules_text') ?? '' },
  ];
  const construction = readConstruction({
    file,
    listId: id,
    grids: constructionGrids,
    formations: kept.map((k) => ({ formation: k.formation, ...(k.grid !== undefined ? { grid: k.grid } : {}), ...(k.row !== undefined ? { row: k.row } : {}), upgradeLimits: k.upgradeLimits })),
    upgrades: upgrades.filter((u) => u.grid !== undefined).map((u) => ({ upgrade: u.upgrade, grid: u.grid!, group: u.group, effect: u.effect ?? '', ...(u.limit !== undefined ? { limit: u.limit } : {}) })),
    prose,
    resolver,
    units,
    mountWeapons,
    log,
  });
  result.construction = { total: construction.texts.total, mapped: construction.texts.read };
  const candidate = {
    id,
    name,
    strategyRating: Number(sr![1]),
    initiative: { default: init.default!, ...Object.fromEntries(init.byFormation) },
    rules,
    otherRules: ruleIds.filter((r) => armyRuleMapping(r) === undefined),
    formations: kept.map((d) => d.formation),
    upgrades: upgrades.map((u) => u.upgrade),
    allies: [],
    forces: forceIds.filter((f) => forces.has(f)),
    construction: construction.rules,
    ...(summoning !== null && 'summoning' in summoning ? { summoning: summoning.summoning } : {}),
    notes: text,
  };
  const parsed = Army.safeParse(candidate);
  if (!parsed.success) {
    log.unmap('army-list', file, id, name, parsed.error.issues.slice(0, 5).map((i) => `${formatPath(i.path)}: ${i.message}`).join('; '));
    return result;
  }
  result.army = parsed.data;
  return result;
}
