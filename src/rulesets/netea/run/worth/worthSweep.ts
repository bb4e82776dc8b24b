import type { FormationSpec } from '../../../../model/formation.js';
import { InputError } from '../../../../model/inputError.js';
import type { ChunkPool } from '../../../../run/pool.js';
import { rngFromSeed } from '../../../../sim/rng.js';
import type { GameArmy } from '../../game/gameSpec.js';
import type { PolicyParams } from '../../game/policy/policyParams.js';
import { MAX_GAME_FORMATIONS } from '../../game/tournament.js';
import type { BatchedScore } from '../../game/worth/batchedScore.js';
import { solveExchange, worthGivenUp, type ExchangeBound } from '../../game/worth/exchange.js';
import { fieldCells, fieldScore, type FieldArmy, type FieldCell } from './fieldScore.js';
import { pricedFormation } from '../../game/worth/pricedFormation.js';
import { equalWorth, worthFixedPoint, type FixedPointResult, type WorthList } from '../../game/worth/worthFixedPoint.js';

/**
 * A formation's worth over a game (issue 30, item 5), from the lists' random legal armies: each
 * valued formation of a list is added to each of the list's base armies and exchanged for the share
 * of that army's other formations that keeps its score against the field (the other lists'
 * armies) unchanged (exchange.ts); the shares make a linear map whose fixed point, rescaled so
 * that the base armies are worth the points limit, gives the worths (worthFixedPoint.ts).
 *
 * No stated cost is read: every formation in every game (variants and field alike) is priced by
 * `prices` (the worths of an earlier sweep), or, without them, at equal worth per formation of its
 * list (pricedFormation.ts); the bundle given up is counted in worths.
 */

export interface WorthSetup {
  lists: string[];
  /** Each list's base armies, in order: its random legal armies. They are also the field the other lists meet. */
  armies: GameArmy[][];
  /** Each list's valued formations by text, in order: every formation of its base armies, then the formations asked for. */
  items: Array<Map<string, FormationSpec>>;
  /**
   * The games' prices of formations by policy label and text (an earlier sweep's worths under that
   * policy), or null: equal worth per formation of each list.
   */
  prices: ReadonlyMap<string, ReadonlyMap<string, number>> | null;
  /** Each policy is played by both players and gives its own exchanges and worths: a range, never an average hiding the choice. */
  policies: ReadonlyArray<{ label: string; params: PolicyParams }>;
  /** Games per cell (an opposing army under a policy): a multiple of WORTH_CHUNK, at least two batches. */
  games: number;
  seed: string;
  limit: number;
}

/** One exchange to measure: item `item` (a text of list `list`) added to base army `army` of that list, both players playing policy `policy`. */
export interface ExchangeTask {
  policy: number;
  list: number;
  item: string;
  army: number;
}

/** What one exchange measured: the share given up and its interval, over the base army's drop order. */
export interface ExchangeRecord extends ExchangeTask {
  /** The base army's formations (texts) in the order they are given up. */
  order: string[];
  share: number;
  low: number;
  high: number;
  bound: ExchangeBound;
  baseScore: number;
  /** S at the vertices played (X + f less the first j), null where not played. */
  vertexScores: Array<number | null>;
}

/** Every exchange of a sweep, in a fixed order: policy by policy, list by list, item by item, base army by base army. */
export function exchangeTasks(setup: WorthSetup): ExchangeTask[] {
  return setup.policies.flatMap((_p, policy) => setup.lists.flatMap((_, list) => [...setup.items[list]!.keys()].flatMap((item) => setup.armies[list]!.map((__, army) => ({ policy, list, item, army })))));
}

/** The order base army k of a list gives up its formations: a permutation drawn from the seed alone. */
export function dropOrder(seed: string, list: string, k: number, n: number): number[] {
  const rng = rngFromSeed(`worth drop order/${seed}/${list}/${k}`);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(((rng.next() >>> 0) / 4294967296) * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Equal worth per formation of each list: the start of the fixed point and the games' prices without `prices`. */
export function startingPrices(setup: WorthSetup): number[] {
  return setup.armies.map((armies) => setup.limit / (armies.reduce((s, a) => s + a.formations.length, 0) / armies.length));
}

/**
 * A sweep being played: under each policy the field priced once (at that policy's prices) and each
 * base army's S(X) measured once.
 */
export class WorthSweep {
  /** The field under each policy: the same armies, priced at that policy's prices. */
  readonly field: FieldArmy[][];
  private readonly priced: GameArmy[][][];
  private readonly equal: number[];
  private readonly bases = new Map<string, Promise<BatchedScore>>();

  constructor(
    readonly setup: WorthSetup,
    private readonly pool: ChunkPool | undefined,
  ) {
    this.equal = startingPrices(setup);
    this.priced = setup.policies.map((_, policy) => setup.armies.map((armies, list) => armies.map((a) => ({ ...a, formations: a.formations.map((f) => this.price(policy, list, f)) }))));
    this.field = this.priced.map((lists) => lists.flatMap((armies, list) => armies.map((army, k) => ({ tag: `${setup.lists[list]}#${k}`, list, army }))));
  }

  private price(policy: number, list: number, f: FormationSpec): FormationSpec {
    return pricedFormation(f, this.setup.prices?.get(this.setup.policies[policy]!.label)?.get(f.text) ?? this.equal[list]!);
  }

  /** The field base army k of a list meets under a policy, and the opposing armies too big to play with it. */
  cells(policy: number, list: number, k: number): { cells: FieldCell[]; tooBig: FieldArmy[] } {
    return fieldCells(list, this.priced[policy]![list]![k]!.formations.length + 1, this.field[policy]!, [this.setup.policies[policy]!]);
  }

  private base(policy: number, list: number, k: number, cells: readonly FieldCell[]): Promise<BatchedScore> {
    const key = `${policy} ${list}#${k}`;
    let s = this.bases.get(key);
    if (s === undefined) {
      s = fieldScore(this.priced[policy]![list]![k]!, `${this.setup.lists[list]}#${k}`, cells, this.setup.games, this.setup.seed, this.pool);
      this.bases.set(key, s);
    }
    return s;
  }

  async play(task: ExchangeTask): Promise<ExchangeRecord> {
    const { setup } = this;
    const X = this.priced[task.policy]![task.list]![task.army]!;
    const f = this.price(task.policy, task.list, setup.items[task.list]!.get(task.item)!);
    const { cells } = this.cells(task.policy, task.list, task.army);
    if (cells.length === 0) throw new InputError([{ file: 'option --lists', path: setup.lists[task.list]!, message: `${X.name}: no army of the other lists fits in one game with it and a formation more (the engine holds ${MAX_GAME_FORMATIONS} formations); expected lists whose armies can meet` }]);
    const order = dropOrder(setup.seed, setup.lists[task.list]!, task.army, X.formations.length);
    const tag = `${setup.lists[task.list]}#${task.army}`;
    const base = await this.base(task.policy, task.list, task.army, cells);
    const vertex = (j: number) => {
      const dropped = new Set(order.slice(0, j));
      const variant: GameArmy = { ...X, formations: [...X.formations.filter((_, i) => !dropped.has(i)), f] };
      return fieldScore(variant, tag, cells, setup.games, setup.seed, this.pool);
    };
    const x = await solveExchange({ n: X.formations.length, base, vertex });
    return { ...task, order: order.map((i) => X.formations[i]!.text), share: x.share, low: x.low, high: x.high, bound: x.bound, baseScore: x.baseScore, vertexScores: x.vertexScores };
  }
}

export interface ItemWorth {
  list: string;
  text: string;
  name: string;
  worth: number;
  /** The 95% interval of the exchange, each base army's share bounds counted at the worths found, averaged. */
  ci95: [number, number];
  /** Formations given up on each base army (t*), and where the exchange was bounded. */
  shares: number[];
  bounds: ExchangeBound[];
  /** In the list's base armies (needed by the fixed point), or asked for. */
  inBaseArmies: boolean;
}

/** The worths under one policy: its exchanges' fixed point. */
export interface PolicyWorth {
  policy: string;
  items: ItemWorth[];
  fixedPoint: Omit<FixedPointResult, 'worth'> & { start: number[] };
}

/** A formation's worths across the policies: the lowest and the highest. */
export interface WorthRange {
  list: string;
  text: string;
  name: string;
  low: number;
  high: number;
}

export interface WorthResult {
  byPolicy: PolicyWorth[];
  range: WorthRange[];
}

/**
 * The share of each formation of the drop order an exchange gives up: 1 for the first ⌊t*⌋, φ
 * for the next. An exchange bounded 'beyond' (f alone scored at least X) gives a lower bound, f is
 * worth at least X's other formations: a copy of f among them is not counted, since "f is worth
 * at least itself and more" holds only if the rest is worth nothing, which is what the fixed point
 * would then conclude (a lone war engine that the game cannot break, measured at 100 games, took
 * every point of its list that way).
 */
export function exchangeShares(r: Pick<ExchangeRecord, 'order' | 'share' | 'bound' | 'item'>): number[] {
  return r.order.map((text, p) => (r.bound === 'beyond' && text === r.item ? 0 : Math.min(1, Math.max(0, r.share - p))));
}

/** The worths from a sweep's exchanges, policy by policy, and each formation's range across the policies. */
export function worthResult(setup: WorthSetup, records: readonly ExchangeRecord[], o: { tolerance?: number; maxIterations?: number } = {}): WorthResult {
  const byPolicy = setup.policies.map((p, policy) => ({ policy: p.label, ...policyWorth(setup, records.filter((r) => r.policy === policy), o) }));
  const range = byPolicy[0]!.items.map((item, i) => {
    const worths = byPolicy.map((b) => b.items[i]!.worth);
    return { list: item.list, text: item.text, name: item.name, low: Math.min(...worths), high: Math.max(...worths) };
  });
  return { byPolicy, range };
}

/** The worths under one policy from its exchanges: the shares as a linear map, its fixed point, each item's interval. */
function policyWorth(setup: WorthSetup, records: readonly ExchangeRecord[], o: { tolerance?: number; maxIterations?: number }): Omit<PolicyWorth, 'policy'> {
  const index = new Map<string, number>();
  const owner: number[] = [];
  setup.items.forEach((items, list) => {
    for (const text of items.keys()) {
      index.set(`${list} ${text}`, index.size);
      owner.push(list);
    }
  });
  const n = index.size;
  const M = new Float64Array(n * n);
  const byItem = new Map<number, ExchangeRecord[]>();
  for (const r of records) {
    const e = index.get(`${r.list} ${r.item}`)!;
    const K = setup.armies[r.list]!.length;
    exchangeShares(r).forEach((share, p) => {
      M[e * n + index.get(`${r.list} ${r.order[p]}`)!]! += share / K;
    });
    byItem.set(e, [...(byItem.get(e) ?? []), r]);
  }
  const lists: WorthList[] = setup.lists.map((_, list) => ({
    items: [...setup.items[list]!.keys()].map((t) => index.get(`${list} ${t}`)!),
    armies: setup.armies[list]!.map((a) => a.formations.map((f) => index.get(`${list} ${f.text}`)!)),
  }));
  const fp = worthFixedPoint(M, lists, { limit: setup.limit, ...o });
  const w = fp.worth;
  const items: ItemWorth[] = [];
  setup.items.forEach((its, list) => {
    const inBase = new Set(setup.armies[list]!.flatMap((a) => a.formations.map((f) => f.text)));
    for (const [text, spec] of its) {
      const e = index.get(`${list} ${text}`)!;
      const rs = (byItem.get(e) ?? []).sort((a, b) => a.army - b.army);
      // The bundle's worth at the worths found, rescaled as the fixed point rescales it.
      const at = (r: ExchangeRecord, t: number) => fp.scale[list]! * worthGivenUp(t, r.order.map((x) => (r.bound === 'beyond' && x === r.item ? 0 : w[index.get(`${list} ${x}`)!]!)));
      const mean = (f: (r: ExchangeRecord) => number) => rs.reduce((s, r) => s + f(r), 0) / rs.length;
      items.push({ list: setup.lists[list]!, text, name: spec.name, worth: w[e]!, ci95: [mean((r) => at(r, r.low)), mean((r) => at(r, r.high))], shares: rs.map((r) => r.share), bounds: rs.map((r) => r.bound), inBaseArmies: inBase.has(text) });
    }
  });
  const { worth: _, ...rest } = fp;
  return { items, fixedPoint: { ...rest, start: Array.from(equalWorth(n, lists, setup.limit)) } };
}
