import type { Estimate } from './linearEstimate.js';
import { actingFormations, isMet, listLostPer100, ownMeetings, lossesPer100, pairView, type PairResult, type PairView, type SideFormation } from './listExchange.js';
import { lossHistogram, type LossHistogram } from './lossHistogram.js';
import { LOSS_BIN, pairKey } from './pairMeeting.js';

/**
 * The numbers of a matchup (`matchup <my list> <their list>`) and of a list against a field
 * (`matchup <my list> --field`), from the pairs run (runPairs.ts) and the aggregation of
 * listExchange.ts. This is the --json contract: extend it, never rename a field.
 */

/** A list as the matchup fields it: its formations (each with its base weight as an opponent) and the army upgrades it does not simulate. */
export interface MatchupSide {
  name: string;
  file: string;
  army: { id: string; name: string };
  /** Points of the formations simulated (the list's army upgrades are not: `unsimulated`). */
  points: number;
  formations: SideFormation[];
  /** Army upgrades of the list (an Avatar, a Wraithgate): not formations, so in no pair; named, with their points. */
  unsimulated: Array<{ id: string; name: string; points: number }>;
}

export interface FormationRow {
  index: number;
  text: string;
  name: string;
  points: number;
  /** In its own meetings against the other side: points destroyed and lost per 100 of its points, and the difference. */
  destroyedPer100: Estimate;
  lostPer100: Estimate;
  netPer100: Estimate;
}

export interface LossRow {
  index: number;
  /** What it loses when the other side acts, per 100 points of its whole list; and that as a share of the list's loss. */
  lostPer100OfList: Estimate;
  share: number;
}

export interface PairRow extends PairView {
  met: true;
}

export interface UnmetPair {
  mine: number;
  theirs: number;
  met: false;
  why: string;
}

export interface EnemyAnswer {
  theirs: number;
  /** My formations, best first, by net points per 100 of mine against it (100·(D − L)/P_i). */
  best: number[];
  /** My formations, most threatened first, by the share of each it destroys in their meeting (u). */
  threatened: number[];
}

export interface MatchupResult {
  mine: MatchupSide;
  theirs: MatchupSide;
  lists: {
    mine: { destroyedPer100: Estimate; lostPer100: Estimate };
    theirs: { destroyedPer100: Estimate; lostPer100: Estimate };
  };
  formations: { mine: FormationRow[]; theirs: FormationRow[] };
  losses: { mine: LossRow[]; theirs: LossRow[] };
  pairs: Array<PairRow | UnmetPair>;
  enemies: EnemyAnswer[];
  meetings: number;
  /** Points lost per trial in each side's own meetings, each way, in bins of `binPoints` (lossHistogram.ts). */
  lossHistogram: { binPoints: number; mine: LossHistogram; theirs: LossHistogram };
}

function rows(side: SideFormation[], others: SideFormation[], pairs: Map<string, PairResult>): FormationRow[] {
  return actingFormations(side, others, pairs).map((a) => ({ index: a.index, text: side[a.index]!.text, name: side[a.index]!.name, points: side[a.index]!.points, destroyedPer100: a.destroyedPer100, lostPer100: a.lostPer100, netPer100: a.netPer100 }));
}

function lossRows(side: SideFormation[], others: SideFormation[], pairs: Map<string, PairResult>, total: Estimate): LossRow[] {
  return lossesPer100(side, others, pairs).map((e, index) => ({ index, lostPer100OfList: e, share: total.mean > 0 ? e.mean / total.mean : 0 }));
}

function pairRows(mine: SideFormation[], theirs: SideFormation[], pairs: Map<string, PairResult>): Array<PairRow | UnmetPair> {
  return mine.flatMap((m, i) =>
    theirs.map((t, j): PairRow | UnmetPair => {
      const p = pairs.get(pairKey(m.text, t.text))!;
      return isMet(p) ? { ...pairView(m, t, i, j, p), met: true } : { mine: i, theirs: j, met: false, why: p.why };
    }),
  );
}

/** Indices ordered by a key, highest first; ties keep the list's order. */
const rankBy = (indices: number[], key: (i: number) => number) => [...indices].sort((x, y) => key(y) - key(x) || x - y);

export function matchupResult(mine: MatchupSide, theirs: MatchupSide, pairs: Map<string, PairResult>, meetings: number): MatchupResult {
  const m = mine.formations;
  const t = theirs.formations;
  const lost = { mine: listLostPer100(m, t, pairs), theirs: listLostPer100(t, m, pairs) };
  const all = pairRows(m, t, pairs);
  const cell = (i: number, j: number) => all[i * t.length + j]!;
  const enemies = t.map((_, j): EnemyAnswer => {
    const met = m.map((_, i) => i).filter((i) => cell(i, j).met);
    const view = (i: number) => cell(i, j) as PairRow;
    return { theirs: j, best: rankBy(met, (i) => view(i).netPer100.mean), threatened: rankBy(met, (i) => view(i).shareLost.mean) };
  });
  return {
    mine,
    theirs,
    lists: {
      mine: { destroyedPer100: ownMeetings(m, t, pairs).destroyedPer100, lostPer100: lost.mine },
      theirs: { destroyedPer100: ownMeetings(t, m, pairs).destroyedPer100, lostPer100: lost.theirs },
    },
    formations: { mine: rows(m, t, pairs), theirs: rows(t, m, pairs) },
    losses: { mine: lossRows(m, t, pairs, lost.mine), theirs: lossRows(t, m, pairs, lost.theirs) },
    pairs: all,
    enemies,
    meetings,
    lossHistogram: { binPoints: LOSS_BIN, mine: lossHistogram(m, t, pairs), theirs: lossHistogram(t, m, pairs) },
  };
}

/** A field of opponents: the battle's (each formation one share) or a folder of lists (each list one share, within it by points). */
export interface MatchupField {
  source: string;
  lists: Array<{ name: string; file: string; army: string; points: number }>;
  formations: Array<SideFormation & { list: number | null }>;
}

export interface FieldResult {
  mine: MatchupSide;
  field: MatchupField;
  list: { destroyedPer100: Estimate; lostPer100: Estimate; netPer100: Estimate };
  /** My formations against the field, best first by net points per 100 of their points. */
  ranking: Array<FormationRow & { shareOfList: number }>;
  pairs: Array<PairRow | UnmetPair>;
  meetings: number;
  /** Points lost per trial in my formations' meetings against the field, each way (lossHistogram.ts). */
  lossHistogram: { binPoints: number; mine: LossHistogram };
}

export function fieldResult(mine: MatchupSide, field: MatchupField, pairs: Map<string, PairResult>, meetings: number): FieldResult {
  const m = mine.formations;
  const f = field.formations;
  const acting = rows(m, f, pairs);
  const ranking = rankBy(acting.map((a) => a.index), (i) => acting[i]!.netPer100.mean).map((i) => ({ ...acting[i]!, shareOfList: m[i]!.points / mine.points }));
  return { mine, field, list: ownMeetings(m, f, pairs), ranking, pairs: pairRows(m, f, pairs), meetings, lossHistogram: { binPoints: LOSS_BIN, mine: lossHistogram(m, f, pairs) } };
}

