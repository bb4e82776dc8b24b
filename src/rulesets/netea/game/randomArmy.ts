import type { Dataset } from '../../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../../model/formation.js';
import { InputError } from '../../../model/inputError.js';
import { mountCapacity } from '../../../model/resolvedUnit.js';
import type { Army, Formation, Upgrade } from '../../../model/schema.js';
import { rngFromSeed, type Sfc32 } from '../../../sim/rng.js';
import { checkRoster, type Breach, type FieldedTexts, type RosterCheck } from '../model/roster/check.js';
import { allegianceOf, cheapestGreater, maxSummoningPoints } from './daemonPool.js';
import { ROSTER_FORMAT, type RosterFile } from '../model/roster/listFile.js';

/**
 * A random army of a list, built from the list's own construction rules (issue 30, item 4): the
 * armies the tournament plays so that every list can meet every other. The list's rules are not
 * read here: `checkRoster` (check.ts) is the oracle, and an addition is kept only if the army it
 * makes passes it, a `count` rule's minimum aside (too few of something is mended by adding it).
 *
 * The sampler (docs/game.md, "The lists' round robin"):
 * 1. Demands first: while the check finds too few of something (a `count` rule's minimum, "1+
 *    Great Company", or one per each of something fielded), add one of the rule's items, drawn
 *    uniformly among those that keep the army within every maximum and the points limit.
 * 2. Then, until nothing more fits: with chance 1/2 add a formation, else an upgrade of a
 *    formation fielded, drawn uniformly among the list's formations or among the (formation
 *    fielded, upgrade it offers) pairs; an addition that breaks a rule, or whose demands cannot be
 *    met, is struck off and another drawn. With none of one kind left, the other. The army's own
 *    upgrades (individuals, a Wraithgate, the Tomb Complex, fortified positions, per-unit
 *    surcharges) are taken only where step 1 demands them: a game fields none of them
 *    (tournamentArmy.ts), and points spent on them would be points the army never plays. A Chaos
 *    list's Daemon Pool markers are among the upgrades drawn once a formation fielded has Daemonic
 *    Pact, a greater one only while fewer than the pact formations that can roll a greater
 *    daemon's cost: a game summons them (summoning.ts).
 * A formation is added at a size and composition drawn uniformly among those its list prints
 * (`@big`, `@uge`, alternatives `@<id>`), and a formation with weapon mounts with a weapon drawn
 * uniformly for each mount among those its tables let it take (TP Weapon Mount: every mount
 * carries one). An upgrade offering one of several characters or units (`+commander@chaplain`)
 * takes one drawn uniformly. A formation's own unit choices ("any four of ...") are fielded at the
 * list's default pick.
 *
 * The army ends when no formation or upgrade fits: the points left are fewer than the cheapest
 * addition the rules still allow. Not uniform over legal armies, and not meant to be: it is part of
 * the battle a tournament's numbers assume, and its reports say so.
 */

export interface RandomArmy {
  list: string;
  /** The list file the army is: `checkRoster` passes it with no breach. */
  roster: RosterFile;
  points: number;
  /** The points the rules left unspent (limit less total). */
  unspent: number;
  /** What the check says of it (no breach). */
  check: RosterCheck;
}

/** A list the builder could not build an army of, and why. */
export interface ArmyRefusal {
  list: string;
  reason: string;
}

export const DEFAULT_POINTS = 3000;
/** Fresh starts from the seed before a list is named unbuildable. */
const ATTEMPTS = 20;
/** Additions after which an army is taken as it stands: a free upgrade taken any number of times would never end it. */
const MAX_ADDITIONS = 300;

/** One formation of the army being built: its text's parts (`army/formation@size`, weapon mount upgrades, other upgrades). */
interface Entry {
  head: string;
  mounts: string[];
  upgrades: string[];
}

type Addition = { kind: 'formation'; formation: Formation } | { kind: 'upgrade'; entry: number; upgrade: Upgrade } | { kind: 'army-upgrade'; upgrade: Upgrade };

/** A uniform integer in [0, n). */
function below(rng: Sfc32, n: number): number {
  return Math.floor(((rng.next() >>> 0) / 4294967296) * n);
}

const entryText = (e: Entry): string => [e.head, ...e.mounts, ...e.upgrades].join('+');

/** Builds random legal armies of one list; keeps the formations it has fielded, by text. */
export class RandomArmyBuilder {
  private readonly army: Army;
  private readonly parsed = new Map<string, FormationSpec | string>();
  /** The formation texts the check has fielded: every addition tried is checked with the army's others, read once each. */
  private readonly fielded: FieldedTexts = new Map();
  /** Upgrades no formation offers: the list's individuals and army upgrades, taken on their own. */
  private readonly armyUpgrades: Upgrade[];
  /** The Daemon Pool's greater and lesser markers (TP Summoned Units), for a list with one. */
  private readonly poolUpgrades: Upgrade[];

  constructor(
    private readonly data: Dataset,
    list: string,
    private readonly points = DEFAULT_POINTS,
  ) {
    const army = data.armies.get(list);
    if (army === undefined) throw new InputError([{ file: 'lists', path: '', message: `data set ${data.id} has no army list "${list}"` }]);
    this.army = army;
    this.armyUpgrades = army.upgrades.filter((u) => !army.formations.some((f) => f.upgrades.includes(u.id)));
    const s = army.summoning;
    this.poolUpgrades = s === undefined ? [] : [s.poolUpgrades.greater, s.poolUpgrades.lesser].map((id) => army.upgrades.find((u) => u.id === id)!);
  }

  /** The k-th army of the list from `seed`, or why none could be built. The same seed and k give the same army. */
  build(seed: string, k: number): RandomArmy | ArmyRefusal {
    let last: Breach[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const rng = rngFromSeed(`random army/${seed}/${this.army.id}/${this.points}/${k}/${attempt}`);
      const built = this.attempt(rng);
      if ('breaches' in built) {
        last = built.breaches;
        continue;
      }
      const roster = this.roster(built.entries, built.armyUpgrades);
      const check = checkRoster(this.data, roster, 'list', this.fielded);
      if (check.breaches.length > 0) throw new Error(`random army of ${this.army.id}: the built army breaks ${check.breaches[0]!.message}`);
      return { list: this.army.id, roster, points: check.points.total, unspent: this.points - check.points.total, check };
    }
    return { list: this.army.id, reason: `no legal ${this.points}-point army in ${ATTEMPTS} attempts: ${last.map((b) => b.message).join('; ') || 'nothing fits'}` };
  }

  private roster(entries: readonly Entry[], armyUpgrades: readonly string[]): RosterFile {
    return {
      format: ROSTER_FORMAT,
      name: `random ${this.army.name}`,
      data: { set: this.data.id === 'netea-tp' ? 'netea-tp' : 'rulebook-2004', version: this.data.version },
      army: this.army.id,
      points: this.points,
      formations: entries.map(entryText),
      upgrades: [...armyUpgrades],
    };
  }

  /** The breaches that adding cannot mend (all but too few of something), and those it can. */
  private standing(entries: readonly Entry[], armyUpgrades: readonly string[]): { fatal: Breach[]; short: Breach[] } {
    for (const e of entries) {
      const text = entryText(e);
      const p = this.parse(text);
      if (typeof p === 'string') return { fatal: [{ rule: 'formation', message: `"${text}": ${p}`, sources: [] }], short: [] };
    }
    const total = entries.reduce((n, e) => n + (this.parse(entryText(e)) as FormationSpec).points!, 0) + armyUpgrades.reduce((n, id) => n + this.army.upgrades.find((u) => u.id === id)!.points, 0);
    // The check would say so too; this spares it the parsing of every text.
    if (total > this.points) return { fatal: [{ rule: 'points-limit', message: `${total} points, over ${this.points}`, sources: [] }], short: [] };
    const check = checkRoster(this.data, this.roster(entries, armyUpgrades), 'list', this.fielded);
    const short = check.breaches.filter((b) => b.construction?.bound === 'min');
    return { fatal: check.breaches.filter((b) => !short.includes(b)), short };
  }

  private parse(text: string): FormationSpec | string {
    let p = this.parsed.get(text);
    if (p === undefined) {
      try {
        p = parseFormation(this.data, text);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        p = e.problems.map((x) => x.message).join('; ');
      }
      this.parsed.set(text, p);
    }
    return p;
  }

  private attempt(rng: Sfc32): { entries: Entry[]; armyUpgrades: string[] } | { breaches: Breach[] } {
    let entries: Entry[] = [];
    let armyUpgrades: string[] = [];
    const start = this.meetDemands(rng, entries, armyUpgrades);
    if ('breaches' in start) return start;
    ({ entries, armyUpgrades } = start);
    const dropped = new Set<string>();
    for (let added = 0; added < MAX_ADDITIONS; ) {
      const formations = this.army.formations.filter((f) => !dropped.has(`f ${f.id}`)).map((formation): Addition => ({ kind: 'formation', formation }));
      const upgrades: Addition[] = [
        ...entries.flatMap((e, i) => this.upgradesOf(e).filter((u) => !dropped.has(`u ${i} ${u.id}`)).map((upgrade): Addition => ({ kind: 'upgrade', entry: i, upgrade }))),
        // The army's own upgrades are drawn only where a rule's minimum demands one (meetDemands): a game fields none of them
        // (tournamentArmy.ts: a Wraithgate, the Tomb Complex, fortified positions, the Tank Squadron's per-unit surcharges), so
        // an army that bought them freely would play with fewer points than its list spent. The Daemon Pool's markers are the
        // exception: a game summons them (summoning.ts), and they are drawn once a formation fielded has Daemonic Pact.
        ...this.poolOffers(entries, armyUpgrades).filter((u) => !dropped.has(`a ${u.id}`)).map((upgrade): Addition => ({ kind: 'army-upgrade', upgrade })),
      ];
      if (formations.length === 0 && upgrades.length === 0) return { entries, armyUpgrades };
      const pool = formations.length === 0 ? upgrades : upgrades.length === 0 ? formations : below(rng, 2) === 0 ? formations : upgrades;
      const add = pool[below(rng, pool.length)]!;
      const next = this.apply(rng, entries, armyUpgrades, add);
      const met = next === null ? null : this.meetDemands(rng, next.entries, next.armyUpgrades);
      if (met === null || 'breaches' in met) {
        dropped.add(add.kind === 'formation' ? `f ${add.formation.id}` : add.kind === 'upgrade' ? `u ${add.entry} ${add.upgrade.id}` : `a ${add.upgrade.id}`);
        continue;
      }
      ({ entries, armyUpgrades } = met);
      added++;
      // Something was added: what did not fit before may fit with it (a support formation per company).
      dropped.clear();
    }
    return { entries, armyUpgrades };
  }

  /**
   * The Daemon Pool markers worth buying (TP Summoned Units: only formations with Daemonic Pact summon): a lesser marker once a
   * formation fielded has the pact; a greater marker while the army has fewer than its pact formations whose summoning points
   * can reach a greater daemon of their allegiance (2D3 and Augmented Summoning at their highest: without a Champion of Chaos
   * an Emperor's Children formation never rolls the Keeper of Secrets' 8).
   */
  private poolOffers(entries: readonly Entry[], armyUpgrades: readonly string[]): Upgrade[] {
    const s = this.army.summoning;
    if (s === undefined) return [];
    const pacts = entries.filter((e) => s.pactFormations.some((p) => p.formation === this.formationOf(e).id) || (s.pactUpgrade !== undefined && e.upgrades.includes(s.pactUpgrade.upgrade)));
    if (pacts.length === 0) return [];
    const reach = pacts.filter((e) => {
      const spec = this.parse(entryText(e));
      return typeof spec !== 'string' && maxSummoningPoints(spec) >= cheapestGreater(s, allegianceOf(s, this.formationOf(e).id));
    }).length;
    const greater = armyUpgrades.filter((id) => id === s.poolUpgrades.greater).length;
    return greater < reach ? this.poolUpgrades : this.poolUpgrades.filter((u) => u.id !== s.poolUpgrades.greater);
  }

  /** The upgrades a formation fielded offers, its weapon mounts' aside (drawn with the formation). */
  private upgradesOf(e: Entry): Upgrade[] {
    const formation = this.formationOf(e);
    return formation.upgrades.map((id) => this.army.upgrades.find((u) => u.id === id)!).filter((u) => u !== undefined && u.mount === undefined);
  }

  private formationOf(e: Entry): Formation {
    const id = e.head.slice(e.head.indexOf('/') + 1).split('@')[0]!;
    return this.army.formations.find((f) => f.id === id)!;
  }

  /** The army with one addition, if it breaks nothing that adding cannot mend; null otherwise. */
  private apply(rng: Sfc32, entries: readonly Entry[], armyUpgrades: readonly string[], add: Addition): { entries: Entry[]; armyUpgrades: string[] } | null {
    let next: { entries: Entry[]; armyUpgrades: string[] };
    if (add.kind === 'formation') {
      const entry = this.drawFormation(rng, add.formation);
      if (entry === null) return null;
      next = { entries: [...entries, entry], armyUpgrades: [...armyUpgrades] };
    } else if (add.kind === 'upgrade') {
      next = { entries: entries.map((e, i) => (i === add.entry ? { ...e, upgrades: [...e.upgrades, this.upgradeText(rng, add.upgrade)] } : e)), armyUpgrades: [...armyUpgrades] };
    } else {
      next = { entries: [...entries], armyUpgrades: [...armyUpgrades, add.upgrade.id] };
    }
    return this.standing(next.entries, next.armyUpgrades).fatal.length === 0 ? next : null;
  }

  /** Adds what the rules' minimums ask for until none is short; the breaches when something short cannot be added. */
  private meetDemands(rng: Sfc32, entries: Entry[], armyUpgrades: string[]): { entries: Entry[]; armyUpgrades: string[] } | { breaches: Breach[] } {
    let state = { entries, armyUpgrades };
    for (;;) {
      const { fatal, short } = this.standing(state.entries, state.armyUpgrades);
      if (fatal.length > 0) return { breaches: fatal };
      if (short.length === 0) return state;
      const rule = this.army.construction![short[0]!.construction!.index]!;
      if (rule.kind !== 'count') return { breaches: short };
      const options: Addition[] = [
        ...this.army.formations.filter((f) => rule.items.formations.includes(f.id)).map((formation): Addition => ({ kind: 'formation', formation })),
        ...state.entries.flatMap((e, i) => this.upgradesOf(e).filter((u) => rule.items.upgrades.some((x) => x.upgrade === u.id)).map((upgrade): Addition => ({ kind: 'upgrade', entry: i, upgrade }))),
        ...this.armyUpgrades.filter((u) => rule.items.upgrades.some((x) => x.upgrade === u.id)).map((upgrade): Addition => ({ kind: 'army-upgrade', upgrade })),
      ];
      let next: { entries: Entry[]; armyUpgrades: string[] } | null = null;
      while (next === null && options.length > 0) next = this.apply(rng, state.entries, state.armyUpgrades, options.splice(below(rng, options.length), 1)[0]!);
      if (next === null) return { breaches: short };
      state = next;
    }
  }

  /** A formation at a size and composition drawn from those its list prints, its weapon mounts armed at random; null if it cannot be fielded. */
  private drawFormation(rng: Sfc32, f: Formation): Entry | null {
    const picks: string[] = [];
    if (f.sizes !== undefined && f.sizes.length > 0) {
      const size = f.sizes[below(rng, f.sizes.length)]!;
      if (size.times !== 1) picks.push(size.id);
    }
    const alternatives = f.alternatives ?? [];
    const alternative = below(rng, alternatives.length + 1);
    if (alternative > 0) picks.push(alternatives[alternative - 1]!.id);
    const head = `${this.army.id}/${f.id}${picks.length > 0 ? `@${picks.join(',')}` : ''}`;
    const bare = this.parse(head);
    if (typeof bare === 'string') return null;
    return { head, mounts: this.drawMounts(rng, f, bare), upgrades: [] };
  }

  /**
   * A weapon for every mount of the formation's units, drawn uniformly among the weapon upgrades
   * its tables offer that mount (TP Weapon Mount: "(Arm weapon mount only)" takes only an arm),
   * those restricted to a kind of mount first, as formation texts take them (mountLoadouts.ts).
   */
  private drawMounts(rng: Sfc32, f: Formation, spec: FormationSpec): string[] {
    const weapons = f.upgrades.map((id) => this.army.upgrades.find((u) => u.id === id)).filter((u): u is Upgrade => u?.mount !== undefined);
    if (weapons.length === 0) return [];
    const restricted: string[] = [];
    const any: string[] = [];
    for (const ru of spec.units) {
      for (const [kind, n] of mountCapacity(ru)) {
        const fit = weapons.filter((w) => w.mount!.only === undefined || w.mount!.only === kind);
        for (let k = 0; k < n && fit.length > 0; k++) {
          const w = fit[below(rng, fit.length)]!;
          (w.mount!.only !== undefined ? restricted : any).push(w.id);
        }
      }
    }
    return [...restricted, ...any];
  }

  /** An upgrade as a formation text takes it, with one of its characters or units drawn where it offers a choice of one. */
  private upgradeText(rng: Sfc32, u: Upgrade): string {
    const choice = u.choices.length === 1 && u.choices[0]!.count === 1 ? u.choices[0]!.from : [];
    return choice.length > 1 ? `${u.id}@${choice[below(rng, choice.length)]}` : u.id;
  }
}
