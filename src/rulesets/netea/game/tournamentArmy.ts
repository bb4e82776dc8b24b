import type { Dataset } from '../../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../../model/formation.js';
import { formationText } from '../model/roster/listFile.js';
import type { RandomArmy } from './randomArmy.js';
import { takenOf } from '../model/roster/taken.js';
import type { GameArmy } from './gameSpec.js';

/**
 * A random army of a list (randomArmy.ts) as a game fields it: each formation of its list file
 * parsed as every command parses it, and each formation an upgrade brings (TP Stigmatus Covenant
 * support formations, Tiger Shark Gun Drones: "a completely independent formation") set up as a
 * formation of its own at its own cost, taken out of the cost of the formation that bought it.
 * What the game does not field is named: the army's own upgrades taken on their own (individuals,
 * daemonic pacts, a Wraithgate), whose points the list spent.
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
  const formations: FormationSpec[] = [];
  for (const entry of random.roster.formations) {
    const text = formationText(entry);
    const spec = parseFormation(data, text);
    const brought = takenOf(data, list, text).upgrades.filter((u) => u.offered.formation !== undefined).map((u) => parseFormation(data, `${list.id}/${u.offered.formation}`));
    const broughtPoints = brought.reduce((n, b) => n + b.points!, 0);
    formations.push(broughtPoints === 0 ? spec : { ...spec, points: spec.points! - broughtPoints }, ...brought);
  }
  const notFielded = random.roster.upgrades.map((id) => {
    const u = list.upgrades.find((x) => x.id === id)!;
    return `${u.name} (${u.points} points): an upgrade of the army, not of a formation; not fielded`;
  });
  return {
    list: list.id,
    index,
    formations: random.roster.formations.map(formationText),
    upgrades: [...random.roster.upgrades],
    points: random.points,
    army: { name: `${list.name} #${index + 1}`, listId: list.id, strategyRating: list.strategyRating, formations },
    notFielded,
  };
}
