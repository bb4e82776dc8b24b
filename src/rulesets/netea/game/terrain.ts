import { COVER_LOW_6, COVER_NONE, COVER_TALL_4, COVER_TALL_5, TERRAIN_INFANTRY, TERRAIN_VEHICLE, TERRAIN_WAR_ENGINE } from './engine.js';

/**
 * The terrain a game's table holds, as the Terrain Effects table gives it
 * (RB 1.8 and TP Terrain Effects; its three columns are infantry, vehicles
 * and war engines, mounted infantry counting as vehicles, RB 2.1.10):
 *
 * | terrain   | infantry                 | vehicle    | war engine | blocks the line of fire |
 * |-----------|--------------------------|------------|------------|-------------------------|
 * | woods     | 5+ cover save            | dangerous  | dangerous  | yes                     |
 * | ruins     | 4+ cover save            | dangerous  | dangerous  | yes                     |
 * | buildings | 4+ cover save            | impassable | impassable | yes                     |
 * | jungle    | 4+ cover save            | impassable | dangerous  | yes                     |
 * | scrub     | 6+ cover save            | no effect  | no effect  | no                      |
 * | marsh     | 6+ cover save, dangerous | dangerous  | dangerous  | no                      |
 * | river     | 6+ cover save, dangerous | impassable | no effect  | no                      |
 * | cliffs    | impassable               | impassable | impassable | yes                     |
 *
 * Woods, ruins, buildings and jungle are tall enough to hide any unit in them
 * (−1 to hit it, RB 1.8.2); scrub, marsh and river only hide infantry, which
 * take the cover save "in addition to the -1 to hit modifier" (RB 1.8.3).
 * Which features block the line of fire is RB 1.9.2's list ("buildings,
 * hills, woods, etc."). Hills, roads, fortifications and rivers as long
 * features are not among the kinds a table holds (docs/game.md).
 */
export const TERRAIN_KINDS = ['woods', 'ruins', 'buildings', 'jungle', 'scrub', 'marsh', 'river', 'cliffs'] as const;
export type TerrainKind = (typeof TERRAIN_KINDS)[number];

export const WOODS = 0;
export const RUINS = 1;
export const BUILDINGS = 2;
export const JUNGLE = 3;
export const SCRUB = 4;
export const MARSH = 5;
export const RIVER = 6;
export const CLIFFS = 7;

const ALL = TERRAIN_INFANTRY | TERRAIN_VEHICLE | TERRAIN_WAR_ENGINE;

/** Cover state (gameCover.ts) a formation standing in each kind is in. */
export const KIND_COVER = Uint8Array.of(COVER_TALL_5, COVER_TALL_4, COVER_TALL_4, COVER_TALL_4, COVER_LOW_6, COVER_LOW_6, COVER_LOW_6, COVER_NONE);
/** Unit kinds (TERRAIN_* bits) for which each kind is dangerous (RB 1.8.1). */
export const KIND_DANGEROUS = Uint8Array.of(
  TERRAIN_VEHICLE | TERRAIN_WAR_ENGINE,
  TERRAIN_VEHICLE | TERRAIN_WAR_ENGINE,
  0,
  TERRAIN_WAR_ENGINE,
  0,
  ALL,
  TERRAIN_INFANTRY,
  0,
);
/** Unit kinds for which each kind is impassable. */
export const KIND_IMPASSABLE = Uint8Array.of(0, 0, TERRAIN_VEHICLE | TERRAIN_WAR_ENGINE, TERRAIN_VEHICLE, 0, 0, TERRAIN_VEHICLE, ALL);
/** Kinds that block the line of fire (RB 1.9.2). */
export const KIND_BLOCKS_LOF = Uint8Array.of(1, 1, 1, 1, 0, 0, 0, 1);

/** A terrain kind's index from its name. */
export function kindIndex(kind: TerrainKind): number {
  return TERRAIN_KINDS.indexOf(kind);
}
