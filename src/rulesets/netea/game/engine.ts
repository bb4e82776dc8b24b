/**
 * Everything the game takes from the NetEA engine, in one place: when the
 * engine moves (src/sim/rulesets/netea today), this file's paths are the only
 * ones to change. The engine never imports the game.
 */
export { GameEngagement } from '../engine/gameEngagement.js';
export type { Engagement } from '../engine/engagement.js';
export * as C from '../engine/codes.js';
export { COVER_LOW_6, COVER_NONE, COVER_OVERWATCH_OPEN, COVER_TALL_4, COVER_TALL_5 } from '../engine/gameCover.js';
export { TERRAIN_INFANTRY, TERRAIN_VEHICLE, TERRAIN_WAR_ENGINE } from '../engine/dangerousTerrain.js';
export { ATTACKER_WINS, DEFENDER_WINS, NO_ASSAULT, NO_RESULT } from '../engine/assault.js';
export { PHASE_APPROACH, PHASE_DISENGAGEMENT } from '../engine/aerospace/airState.js';
export { ARRIVE_DROP_POD, ARRIVE_PLANETFALL, ARRIVE_TELEPORT, OFF_TABLE } from '../engine/aerospace/arrival.js';
export { DEFAULT_OPTIONS, type NeteaOptions, type PlacedFormation } from '../model/spec.js';
export { embarkationProblem } from '../engine/transport/embarkation.js';
export { DEFAULT_RANK_WIDTH, DEFAULT_SPACING } from '../engine/engagements.js';
export { FreshAssaults } from '../engine/freshAssaults.js';
