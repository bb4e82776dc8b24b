import type { Dataset } from '../../../model/dataset.js';
import { parseFormation } from '../../../model/formation.js';
import { formationText } from '../model/roster/listFile.js';
import type { RandomArmy } from './randomArmy.js';
import { takenOf } from '../model/roster/taken.js';
import type { GameArmy } from './gameSpec.js';
import { fieldDaemons, type PoolFormation } from './daemonPool.js';

/**
 * A random army of a list (randomArmy.ts) as a game fields it: each formation of its list file
 * parsed as every command parses it, and each formation an upgrade brings (TP Stigmatus Covenant
 * support formations, Tiger Shark Gun Drones: "a completely independent formation") set up as a
 * formation of its own at its own cost, taken out of the cost of the formation that bought it.
 * A Chaos list's Daemon Pool and its formations' allegiance and daemons' places (daemonPool.ts).
 * What the game does not field is named: the army's own upgrades taken on their own (individuals,
 * a Wraithgate), whose points the list spent.
 */
export interface TournamentArmy {
  list: string;
  /** Its number among the list's armies (0-based): the seed draws army k of each list. */
  index: number;
  /** The formation texts, as the list file has them. */
  formations: string[];
  /** The army's own upgrades, by id. */
  upgrades: string[];
  points: number;
  army: GameArmy;
  /** What the army's list spent points on that the game does not field. */
  notFielded: string[];
}

export function tournamentArmy(data: Dataset, random: RandomArmy, index: number): TournamentArmy {
  const list = data.armies.get(random.list)!;
  const formations: PoolFormation[] = [];
  for (const entry of random.roster.formations) {
    const text = formationText(entry);
    const spec = parseFormation(data, text);
    const taken = takenOf(data, list, text);
    const brought = taken.upgrades.filter((u) => u.offered.formation !== undefined).map((u) => parseFormation(data, `${list.id}/${u.offered.formation}`));
    const broughtPoints = brought.reduce((n, b) => n + b.points!, 0);
    formations.push(
      { spec: broughtPoints === 0 ? spec : { ...spec, points: spec.points! - broughtPoints }, formation: taken.formation.id, upgrades: taken.upgrades.map((u) => u.offered.id) },
      ...brought.map((b, k) => ({ spec: b, formation: taken.upgrades.filter((u) => u.offered.formation !== undefined)[k]!.offered.formation!, upgrades: [] })),
    );
  }
  const { formations: fielded, pool } = fieldDaemons(data, list, formations, random.roster.upgrades);
  const poolUpgrades = list.summoning === undefined ? [] : [list.summoning.poolUpgrades.greater, list.summoning.poolUpgrades.lesser];
  const notFielded = random.roster.upgrades
    .filter((id) => !poolUpgrades.includes(id))
    .map((id) => {
      const u = list.upgrades.find((x) => x.id === id)!;
      return `${u.name} (${u.points} points): an upgrade of the army, not of a formation; not fielded`;
    });
  return {
    list: list.id,
    index,
    formations: random.roster.formations.map(formationText),
    upgrades: [...random.roster.upgrades],
    points: random.points,
    army: { name: `${list.name} #${index + 1}`, listId: list.id, strategyRating: list.strategyRating, formations: fielded, ...(pool !== undefined ? { daemonPool: pool } : {}) },
    notFielded,
  };
}
