/**
 * Everything the game takes from the NetEA engine, in one place: when the
 * engine moves (src/sim/rulesets/netea today), this file's paths are the only
 * ones to change. The engine never imports the game.
 */
export { GameEngagement } from '../../../sim/rulesets/netea/gameEngagement.js';
export type { Engagement } from '../../../sim/rulesets/netea/engagement.js';
export * as C from '../../../sim/rulesets/netea/codes.js';
export { COVER_LOW_6, COVER_NONE, COVER_OVERWATCH_OPEN, COVER_TALL_4, COVER_TALL_5 } from '../../../sim/rulesets/netea/gameCover.js';
export { TERRAIN_INFANTRY, TERRAIN_VEHICLE, TERRAIN_WAR_ENGINE } from '../../../sim/rulesets/netea/dangerousTerrain.js';
export { ATTACKER_WINS, DEFENDER_WINS, NO_ASSAULT, NO_RESULT } from '../../../sim/rulesets/netea/assault.js';
export { PHASE_APPROACH, PHASE_DISENGAGEMENT } from '../../../sim/rulesets/netea/aerospace/airState.js';
export { ARRIVE_DROP_POD, ARRIVE_PLANETFALL, ARRIVE_TELEPORT, OFF_TABLE } from '../../../sim/rulesets/netea/aerospace/arrival.js';
export { DEFAULT_OPTIONS, type NeteaOptions, type PlacedFormation } from '../../../sim/rulesets/netea/spec.js';
export { embarkationProblem } from '../../../sim/rulesets/netea/transport/embarkation.js';
export { DEFAULT_RANK_WIDTH, DEFAULT_SPACING } from '../../../sim/rulesets/netea/engagements.js';
export { NeteaRunner } from '../../../sim/rulesets/netea/runner.js';
export { assaultEngagement, FRESH, DEFAULT_GEOMETRY } from '../../../sim/rulesets/netea/engagements.js';
