import { maxOf } from '../../../sim/diceExpr.js';
import * as C from './codes.js';
import type { EngagementSpec, NeteaOptions } from '../model/spec.js';
import { AirState } from './aerospace/airState.js';
import { ChoiceMemo } from './choiceMemo.js';
import { TransportState } from './transport/transportState.js';
import { UnitSaves } from './saves/unitSaves.js';
import { SwarmValues } from './swarmValues.js';
import { CriticalTable } from './criticals/criticalTable.js';
import { Carriages } from './criticals/carriageState.js';
import type { UnitLines } from './engagement/unitLines.js';
import { fixedShots } from './lineShots.js';
import { ArrayBlock } from '../../../sim/arrayBlock.js';

/** Bytes of each of an engagement's array buffers: the war engine's arrays fit in two. */
const BLOCK_BYTES = 4096;

/**
 * An engagement compiled to struct-of-arrays form. Static arrays describe the
 * units, weapons and formations; the `st*` arrays are the per-trial state,
 * reset from the static ones at the start of every trial. Nothing in here is
 * allocated after construction. `compileEngagement` (compileEngagement.ts) builds one from a
 * spec: this module imports none of the modules that fill or read it, so they import it
 * without a cycle.
 */
export class Engagement {
  // The fields in the order a trial reads them: V8 lays an object's fields out in the order they
  // are declared, so the per-trial state, the attack's scratch and the static arrays a shooting
  // attack reads (first in each section) share the object's first cache lines (bench/README.md:
  // the war engine's one-worker time).
  readonly nUnits: number;
  readonly nFormations: number;
  readonly nLines: number;

  // ---- per-trial state ----
  readonly stAlive: Uint8Array;
  readonly stDC: Int32Array;
  readonly stShields: Int32Array;
  readonly stToHitPenalty: Int32Array;
  /** 0 while the unit has its weapons; once a critical disarms it (criticals/), the firefight value it has left (NONE: none). */
  readonly stDisarmed: Int8Array;
  readonly stCritCount: Int32Array;
  readonly stReactor: Uint8Array;
  readonly stFires: Int32Array;
  /** Points of damage each miss of its W_MISS_DAMAGE weapon costs the unit, once a critical says so (TP Cyclops). */
  readonly stMissDamage: Int32Array;
  /**
   * The unit's starting damage capacity, break weight and void shields in this trial: uStartDC,
   * uBreakWeight and uShields less the carriages a critical removed (TP Land Train, criticals/carriages.ts).
   */
  readonly stStartDC: Int32Array;
  readonly stBreakWeight: Int32Array;
  readonly stShieldsMax: Int32Array;
  readonly stDamageTaken: Int32Array;
  readonly stSingleShotUsed: Uint8Array;
  /** Turn in which a slow-firing weapon last fired (-10 = never). */
  readonly stLastFired: Int32Array;
  readonly fBm: Int32Array;
  readonly fBroken: Uint8Array;
  readonly fFront: Float64Array;
  /** How far the formation has moved back after shooting, to come back by (hitAndRun.ts). */
  readonly fRetired: Float64Array;
  /** How far the formation has withdrawn (RB 1.13.3) since the caller last cleared it: the game moves it by as much. */
  readonly fWithdrawn: Float64Array;
  /** Blast markers placed on the formation since the trial began (metrics). */
  readonly fBmPlaced: Int32Array;
  /** Points of destroyed units and war-engine damage taken so far, per formation. */
  readonly fPointsLost: Float64Array;
  readonly fDamage: Int32Array;
  /** Units whose state changed this trial: the reset restores only these. */
  readonly dirtyList: Int32Array;
  readonly dirtyFlag: Uint8Array;
  nDirty = 0;
  /** Living units, current break point and the depth of the nearest living unit (Infinity when none). */
  readonly fAlive: Int32Array;
  readonly fBreakWeight: Int32Array;
  readonly fMinDepth: Float64Array;
  /** Living units at that depth. */
  readonly fMinDepthCount: Int32Array;
  turn = 0;
  /** Supreme Commander re-rolls used this turn, per table side (RB 2.1.15). */
  readonly rerollsUsed: Int32Array;
  /** Blast markers gained during the current attack or event, placed when it ends (RB 1.9.7). */
  readonly fPendingBm: Int32Array;
  /** The formation being attacked, and its non-expendable losses in this attack (crossfire, [A-12]). */
  atkTarget = -1;
  atkNonExpendableKills = 0;

  // ---- scratch for one attack ----
  readonly scCanFire: Uint8Array;
  readonly scLoad: Int32Array;
  readonly scSniped: Int32Array;
  /** Allocation stamp per unit: scLoad and scSniped count only when it equals `stamp`. */
  readonly scStamp: Int32Array;
  stamp = 0;
  readonly hitCap: number;
  readonly hMask: Uint8Array;
  readonly hReach: Float64Array;
  readonly hFlags: Int32Array;
  readonly hTarget: Int32Array;
  readonly hDamage: Int32Array;
  readonly hLine: Int32Array;
  nHits = 0;
  /** Macro-weapon and Titan Killer hits in the buffer (the second allocation stage runs only if any). */
  nMacroHits = 0;
  /** Side (0 or 1) that receives each hit, in assaults. */
  readonly hSide: Uint8Array;

  // ---- formations ----
  readonly fUnitStart: Int32Array;
  readonly fUnitEnd: Int32Array;
  readonly fFrontStart: Float64Array;
  readonly fBmStart: Int32Array;
  readonly fBrokenStart: Uint8Array;
  readonly fTsknf: Uint8Array;
  /** Break point contribution of every unit at the start. */
  readonly fStartBreakWeight: Int32Array;
  readonly fStartMinDepth: Float64Array;
  readonly fStartMinDepthCount: Int32Array;
  /** 1 if every unit is in cover, 0 if none is, -1 if some are. */
  readonly fCover: Int8Array;
  /** The formation has both war engines and other units (RB 3.2.1 declarations). */
  readonly fMixed: Uint8Array;
  /** Units in front-to-back order (by depth, then list order), per formation. */
  readonly orderFront: Int32Array;
  /** Units in back-to-front order (suppression, RB 1.9.2). */
  readonly orderBack: Int32Array;
  readonly fSide: Uint8Array;
  readonly fMobRule: Uint8Array;
  readonly fWaaagh: Uint8Array;
  /** TP Bravery: +1 to engage action tests and rally tests. */
  readonly fBravery: Uint8Array;
  /** TP Iron-willed: +1 to rally tests. */
  readonly fIronWilled: Uint8Array;
  /** TP Unblooded: +1 to engage action tests. */
  readonly fUnblooded: Uint8Array;
  /** TP Implacable Advance: +1 to marshal action tests. */
  readonly fImplacable: Uint8Array;
  /** TP The Hive Mind: a synapse swarm (hiveMind.ts). */
  readonly fHiveMind: Uint8Array;
  readonly fInitiative: Int32Array;
  readonly fAllExpendable: Uint8Array;
  /** The formation has at least one unit that is not a Grot (RB 5.5.3). */
  readonly fHasNonGrot: Uint8Array;
  readonly fPoints: Float64Array;
  readonly fStrategy: Int32Array;
  /** War engines in the formation. */
  readonly fWarEngines: Int32Array;

  // ---- units (global index) ----
  readonly uFormation: Int32Array;
  readonly uClass: Uint8Array;
  readonly uFlags: Int32Array;
  /** Starting damage capacity; 1 for units that are not war engines. */
  readonly uStartDC: Int32Array;
  readonly uShields: Int32Array;
  /** Distance behind the formation's front rank, cm. */
  readonly uDepth: Float64Array;
  readonly uPoints: Float64Array;
  /** Longest range of the unit's ranged weapons, and of its indirect barrages on sustained fire (x2). */
  readonly uMaxRange: Float64Array;
  readonly uMaxIndirectRange: Float64Array;
  /** The unit has single-shot or slow-firing weapons, so its ranges are checked weapon by weapon. */
  readonly uLimited: Uint8Array;
  /** Weapon groups (one weapon, its alternative modes) of each unit: [uGroupStart, uGroupEnd). */
  readonly uGroupStart: Int32Array;
  readonly uGroupEnd: Int32Array;
  readonly uArmour: Uint8Array;
  readonly uCC: Uint8Array;
  readonly uFF: Uint8Array;
  /** Infantry cover save (NONE when the unit gets none). */
  readonly uCoverSave: Uint8Array;
  /** Power fields rolled per trial: n dice of sides + plus. */
  readonly uPfN: Int32Array;
  readonly uPfSides: Int32Array;
  readonly uPfPlus: Int32Array;
  /** Void shields repaired in each end phase (1, more with a Fire Shield Battlecar's, model/carriages.ts); power fields never (0). */
  readonly uShieldRepair: Uint8Array;
  /** Position along the rank, cm. */
  readonly uLateral: Float64Array;
  readonly uSpeed: Float64Array;
  readonly uLineStart: Int32Array;
  readonly uLineEnd: Int32Array;
  readonly uCritStart: Int32Array;
  readonly uCritEnd: Int32Array;
  /** Chance of failing the save against a normal, a macro-weapon and a Titan Killer hit (no modifiers). */
  readonly uFailNormal: Float64Array;
  readonly uFailMacro: Float64Array;
  readonly uFailTK: Float64Array;
  /** What the unit adds to its formation's break point (RB 1.9.7): 1, 2 under TSKNF, starting DC for a war engine. */
  readonly uBreakWeight: Int32Array;
  /** Some of the unit's assault attacks strike first (RB 2.2.4). */
  readonly uFirstStrike: Uint8Array;
  /** The unit has assault weapons or small arms with extra attacks (RB 2.2.3). */
  readonly uExtraAttacks: Uint8Array;
  /** Leaders in this unit, itself and its characters (RB 2.1.8; Supreme Commanders count). */
  readonly uLeaders: Int32Array;
  /** The war engines' critical-hit effects, compiled; unit u's rows are [uCritStart[u], uCritEnd[u]). */
  readonly crits: CriticalTable;

  // ---- weapon lines (one per mode of each weapon of each unit) ----
  readonly wKind: Uint8Array;
  readonly wRange: Float64Array;
  /** The line's shots when no die decides them (`fixedShots`), else -1. */
  readonly wFixedShots: Int32Array;
  readonly wAP: Uint8Array;
  readonly wAT: Uint8Array;
  readonly wMW: Uint8Array;
  readonly wBpN: Int32Array;
  readonly wBpPlus: Int32Array;
  readonly wFlags: Int32Array;
  /** Flags every hit of the line carries (H_*), except the MW of an MW firepower choice. */
  readonly wHitFlags: Int32Array;
  readonly wUnit: Int32Array;
  /** Alternative modes of one weapon share a group; one mode fires per attack. */
  readonly wGroup: Int32Array;
  readonly wShotsN: Int32Array;
  readonly wShotsSides: Int32Array;
  readonly wShotsPlus: Int32Array;
  readonly wShotsTimes: Int32Array;
  readonly wBpSides: Int32Array;
  readonly wTkN: Int32Array;
  readonly wTkSides: Int32Array;
  readonly wTkPlus: Int32Array;
  readonly wExN: Int32Array;
  readonly wExSides: Int32Array;
  readonly wExPlus: Int32Array;
  /** Mean Titan Killer damage (for the attacker's choice of mode). */
  readonly wTkMean: Float64Array;

  // ---- weapon groups ----
  /** The group's barrage mode, or -1. */
  readonly gBarrageLine: Int32Array;
  /**
   * The attacker's firepower choice for group g at formation f (index g * nF + f)
   * when one option is best against every unit of f: line, firepower (1 AP,
   * 2 AT, 3 MW) and target mask, packed in one number (`packChoice`,
   * engagement/packedChoice.ts); CHOOSE_PER_ATTACK or NOTHING_TO_FIRE.
   */
  readonly choice: Int32Array;
  /** Firepower choices remembered so none is made twice (choiceMemo.ts). */
  readonly memo: ChoiceMemo;
  /** Aircraft and spacecraft: AA values, which formations fly, the air war's per-trial state. */
  readonly air: AirState;
  /** Transports and their passengers: who rides in what, who is still embarked. */
  readonly transports: TransportState;
  /** Some unit has markerlights (markerlights.ts checks for marked targets only then). */
  readonly anyMarkerlights: boolean;
  /** The abilities that decide saves (fields, second saves, assault-only armour) and what criticals take of them. */
  readonly saves: UnitSaves;
  /** The characters a Land Train adds to its damage capacity and shields, and loses to criticals (TP). */
  readonly carriages: Carriages;
  readonly nGroups: number;
  readonly gLineStart: Int32Array;
  readonly gLineEnd: Int32Array;
  /** Some unit has the Necron ability (necronReturns.ts). */
  readonly anyNecron: boolean;
  /** Tyranid synapse and brood values (swarming.ts). */
  readonly swarm: SwarmValues;

  // ---- rule switches ----
  readonly options: NeteaOptions;
  // The rule switches, copied from the options into fields of their own so the hot loop reads
  // numbers of this class rather than a plain object that may have crossed a thread as JSON.
  readonly optBarrage3bpAt: number;
  readonly optSuppressSkipWarEngines: boolean;
  readonly optTemplateUnits: number;
  readonly optStaggerBlockedChance: number;
  readonly optWithdrawOnBreak: boolean;
  readonly optLossHitsEngagedOnly: boolean;
  readonly optSupportEveryRound: boolean;
  readonly optMaxAssaultRounds: number;
  readonly optWarEnginePointsProRata: boolean;
  readonly optJinkBeforeAttack: boolean;
  readonly optOrbitalTemplateUnits: number;
  /** The Tournament Pack's changes to the 2004 rulebook (NeteaOptions): true plays the TP. */
  readonly optPassengersSaveAgainstMw: boolean;
  readonly optTsknfAssaultAndLeaders: boolean;
  readonly optTkDamageAtAllocation: boolean;
  readonly optInterceptorBonus: boolean;
  readonly optFlakMovedPenalty: boolean;
  readonly optInterceptionUnderFireMarker: boolean;
  readonly optCloseCombatOnlyInContact: boolean;
  readonly optAssaultEarlyResult: boolean;

  // ---- assault scratch ----
  /** Role in the current assault: 0 none, 1 attacking, 2 defending, 3 supporting. */
  readonly fRole: Uint8Array;
  /** Broken when the assault began (RB 1.12.8-1.12.9). */
  readonly fBrokenAtStart: Uint8Array;
  /** 0 or 1: which side of the assault a unit fights on; -1 not in it. */
  readonly asSide: Int8Array;
  /** Distance from the unit to the enemy side's front line (attackers) or its own depth (defenders), cm. */
  readonly asPos: Float64Array;
  /** Position before the charge move. */
  readonly asOrigin: Float64Array;
  /** Distance to the nearest enemy in the assault (0 in base contact), this round. */
  readonly asDist: Float64Array;
  /** In base contact with a support craft or a skimmer fighting at range: firefight values (TP Support Craft; RB 2.1.13). */
  readonly asForceFF: Uint8Array;
  /** How many enemies may be in base contact with each unit of the lists (assault/moves.ts `contactCap`), set with the lists. */
  readonly asContactCap: Int32Array;
  /** Enemy units in base contact with this unit. */
  readonly asContact: Int32Array;
  /** Directly engaged: within 15 cm of an enemy after the moves (TP Resolve Attacks). */
  readonly asEngaged: Uint8Array;
  readonly asStartAlive: Uint8Array;
  readonly asStartDamage: Int32Array;
  /** Engaged units of each side in allocation order: base contact first, then closest. */
  readonly asOrder: Int32Array;
  readonly asOrderStart: Int32Array;
  readonly asOrderCount: Int32Array;
  /** Units in the assault by role: [asBound[0], asBound[1]) attackers, then defenders to asBound[2], then supporters to asBound[3]. */
  readonly asList: Int32Array;
  readonly asBound: Int32Array;
  /** Rounds fought in the last assault. */
  asRounds = 0;

  // ---- assault bookkeeping: work one assault leaves for the next (assault.ts) ----
  /** Formations attacking, defending and supporting in the current assault (bit masks). */
  asAttackers = 0;
  asDefenders = 0;
  asSupporters = 0;
  /** The role masks asList, asBound and asSide were built for (-1: not built yet). */
  asListAttackers = -1;
  asListDefenders = -1;
  asListSupporters = -1;
  /** Some unit in asList has first-strike attacks. */
  asListFirstStrike = false;
  /** Some unit in asList is a war engine. */
  asListWarEngine = false;
  /** Id of the charge cache whose starting state the scratch arrays still hold unchanged (0: none). */
  asFreshCache = 0;
  /** The attackers' table side and the defending line (distance of the nearest defender from the centre line) of the current assault. */
  asAttackerSide = 0;
  asDefenderLine = 0;
  /**
   * Each unit's assault attacks as its base contact stands (set by markEngaged, supporters when
   * the lists are built): to-hit (NONE: no attacks), dice, hit flags and allocation mask.
   */
  readonly asAtkValue: Uint8Array;
  readonly asAtkDice: Int32Array;
  readonly asAtkFlags: Int32Array;
  readonly asAtkMask: Uint8Array;
  /** Living units of each formation when the assault began. */
  readonly asStartAliveCount: Int32Array;
  /**
   * The formation's kills and units for the result follow from its living-unit count: no war
   * engine, no Inspiring unit, no Grot that does not count (set with the lists).
   */
  readonly asCountsByFormation: Uint8Array;
  /** What each assault side (0 attacking, 1 defending) counts in the result this round; its Blast markers -1 for none at all (assault/resultRules.ts). */
  readonly asLosses: Int32Array;
  readonly asUnits: Int32Array;
  readonly asInspiring: Int32Array;
  readonly asBlastMarkers: Int32Array;

  /**
   * Allocates every array for `spec`'s units and `lines` (engagement/weaponLines.ts `collectLines`),
   * has `fillStatic` (compileEngagement.ts) fill the static ones from the spec, then derives the
   * rest from them: the hit buffer's size, the trial's starting values, the lines' fixed shots.
   * The arrays are views of one ArrayBlock, made in the order a trial first reads them (the
   * reset, then a shooting attack), so that a trial's reads stay on few cache lines
   * (bench/README.md: the war engine's one-worker time).
   */
  constructor(spec: EngagementSpec, lines: UnitLines, fillStatic: (e: Engagement) => void) {
    this.options = spec.options;
    this.optBarrage3bpAt = spec.options.barrage3bpAt;
    this.optSuppressSkipWarEngines = spec.options.suppressSkipWarEngines;
    this.optTemplateUnits = spec.options.templateUnits;
    this.optStaggerBlockedChance = spec.options.staggerBlockedChance;
    this.optWithdrawOnBreak = spec.options.withdrawOnBreak;
    this.optLossHitsEngagedOnly = spec.options.lossHitsEngagedOnly;
    this.optSupportEveryRound = spec.options.supportEveryRound;
    this.optMaxAssaultRounds = spec.options.maxAssaultRounds;
    this.optWarEnginePointsProRata = spec.options.warEnginePointsProRata;
    this.optJinkBeforeAttack = spec.options.jinkBeforeAttack;
    this.optOrbitalTemplateUnits = spec.options.orbitalTemplateUnits;
    this.optPassengersSaveAgainstMw = spec.options.passengersSaveAgainstMacroWeapons;
    this.optTsknfAssaultAndLeaders = spec.options.tsknfAssaultAndLeaders;
    this.optTkDamageAtAllocation = spec.options.titanKillerDamageAtAllocation;
    this.optInterceptorBonus = spec.options.interceptorBonus;
    this.optFlakMovedPenalty = spec.options.flakMovedPenalty;
    this.optInterceptionUnderFireMarker = spec.options.interceptionUnderFireMarker;
    this.optCloseCombatOnlyInContact = spec.options.closeCombatOnlyInContact;
    this.optAssaultEarlyResult = spec.options.assaultEarlyResult;
    const forms = spec.formations;
    const nUnits = forms.reduce((s, f) => s + f.formation.units.length, 0);
    this.nUnits = nUnits;
    this.nFormations = forms.length;

    const { lineSpecs, groupRanges, critParts, carriages } = lines;
    const nLines = lineSpecs.length;
    this.nLines = nLines;
    const nF = forms.length;
    const block = new ArrayBlock(BLOCK_BYTES);

    // The reset: changed units, then every formation.
    this.dirtyList = block.int32(nUnits);
    this.dirtyFlag = block.uint8(nUnits);
    this.stAlive = block.uint8(nUnits);
    this.stDC = block.int32(nUnits);
    this.uStartDC = block.int32(nUnits);
    this.stShields = block.int32(nUnits);
    this.uShields = block.int32(nUnits);
    this.stToHitPenalty = block.int32(nUnits);
    this.stDisarmed = block.int8(nUnits);
    this.stCritCount = block.int32(nUnits);
    this.stReactor = block.uint8(nUnits);
    this.stFires = block.int32(nUnits);
    this.stMissDamage = block.int32(nUnits);
    this.stDamageTaken = block.int32(nUnits);
    this.transports = new TransportState(spec, nUnits, block);
    this.saves = new UnitSaves(nUnits, block);
    this.stSingleShotUsed = block.uint8(nLines);
    this.stLastFired = block.int32(nLines);
    this.fBm = block.int32(nF);
    this.fBmStart = block.int32(nF);
    this.fBroken = block.uint8(nF);
    this.fBrokenStart = block.uint8(nF);
    this.fFront = block.float64(nF);
    this.fFrontStart = block.float64(nF);
    this.fRetired = block.float64(nF);
    this.fWithdrawn = block.float64(nF);
    this.fBmPlaced = block.int32(nF);
    this.fPendingBm = block.int32(nF);
    this.fAlive = block.int32(nF);
    this.fUnitStart = block.int32(nF);
    this.fUnitEnd = block.int32(nF);
    this.fBreakWeight = block.int32(nF);
    this.fStartBreakWeight = block.int32(nF);
    this.fMinDepth = block.float64(nF);
    this.fStartMinDepth = block.float64(nF);
    this.fMinDepthCount = block.int32(nF);
    this.fStartMinDepthCount = block.int32(nF);
    this.fPointsLost = block.float64(nF);
    this.fDamage = block.int32(nF);
    this.rerollsUsed = block.int32(2);
    this.air = new AirState(spec, nUnits, nLines, block);

    // A shooting attack: who fires (suppression), with what, at whom (allocation), and the damage.
    this.uDepth = block.float64(nUnits);
    this.scCanFire = block.uint8(nUnits);
    this.uLimited = block.uint8(nUnits);
    this.uMaxRange = block.float64(nUnits);
    this.uMaxIndirectRange = block.float64(nUnits);
    this.orderBack = block.int32(nUnits);
    this.stBreakWeight = block.int32(nUnits);
    this.uFlags = block.int32(nUnits);
    this.fTsknf = block.uint8(nF);
    this.fCover = block.int8(nF);
    this.fMixed = block.uint8(nF);
    this.uGroupStart = block.int32(nUnits);
    this.uGroupEnd = block.int32(nUnits);
    this.nGroups = groupRanges.length;
    this.gBarrageLine = block.int32(this.nGroups).fill(-1);
    this.choice = block.int32(this.nGroups * nF);
    this.memo = new ChoiceMemo(this.nGroups, block);
    this.wKind = block.uint8(nLines);
    this.wFlags = block.int32(nLines);
    this.carriages = new Carriages(carriages, nUnits, nLines, block);
    this.wRange = block.float64(nLines);
    this.wAP = block.uint8(nLines);
    this.wAT = block.uint8(nLines);
    this.wMW = block.uint8(nLines);
    this.wBpN = block.int32(nLines);
    this.wBpPlus = block.int32(nLines);
    this.wFixedShots = block.int32(nLines);
    this.wHitFlags = block.int32(nLines);
    this.orderFront = block.int32(nUnits);
    this.uClass = block.uint8(nUnits);
    this.scStamp = block.int32(nUnits);
    this.scLoad = block.int32(nUnits);
    this.stStartDC = block.int32(nUnits);
    this.uFormation = block.int32(nUnits);
    this.uPoints = block.float64(nUnits);
    this.stShieldsMax = block.int32(nUnits);
    this.scSniped = block.int32(nUnits);

    // What the rest of the rules read: the weapons' other values, the units' profiles, the formations' abilities.
    this.wUnit = block.int32(nLines);
    this.wGroup = block.int32(nLines);
    this.wShotsN = block.int32(nLines);
    this.wShotsSides = block.int32(nLines);
    this.wShotsPlus = block.int32(nLines);
    this.wShotsTimes = block.int32(nLines);
    this.wBpSides = block.int32(nLines);
    this.wTkN = block.int32(nLines);
    this.wTkSides = block.int32(nLines);
    this.wTkPlus = block.int32(nLines);
    this.wExN = block.int32(nLines);
    this.wExSides = block.int32(nLines);
    this.wExPlus = block.int32(nLines);
    this.wTkMean = block.float64(nLines);
    this.gLineStart = block.int32(this.nGroups);
    this.gLineEnd = block.int32(this.nGroups);
    for (let g = 0; g < this.nGroups; g++) {
      this.gLineStart[g] = groupRanges[g]![0];
      this.gLineEnd[g] = groupRanges[g]![1];
    }
    this.uArmour = block.uint8(nUnits);
    this.uCC = block.uint8(nUnits);
    this.uFF = block.uint8(nUnits);
    this.uCoverSave = block.uint8(nUnits);
    this.uPfN = block.int32(nUnits);
    this.uPfSides = block.int32(nUnits);
    this.uPfPlus = block.int32(nUnits);
    this.uShieldRepair = block.uint8(nUnits);
    this.uLateral = block.float64(nUnits);
    this.uSpeed = block.float64(nUnits);
    this.uLineStart = block.int32(nUnits);
    this.uLineEnd = block.int32(nUnits);
    this.uCritStart = block.int32(nUnits);
    this.uCritEnd = block.int32(nUnits);
    this.uLeaders = block.int32(nUnits);
    this.uBreakWeight = block.int32(nUnits);
    this.uExtraAttacks = block.uint8(nUnits);
    this.uFirstStrike = block.uint8(nUnits);
    this.uFailNormal = block.float64(nUnits);
    this.uFailMacro = block.float64(nUnits);
    this.uFailTK = block.float64(nUnits);
    this.fSide = block.uint8(nF);
    this.fMobRule = block.uint8(nF);
    this.fWaaagh = block.uint8(nF);
    this.fBravery = block.uint8(nF);
    this.fIronWilled = block.uint8(nF);
    this.fUnblooded = block.uint8(nF);
    this.fImplacable = block.uint8(nF);
    this.fHiveMind = block.uint8(nF);
    this.fInitiative = block.int32(nF);
    this.fAllExpendable = block.uint8(nF);
    this.fHasNonGrot = block.uint8(nF);
    this.fPoints = block.float64(nF);
    this.fStrategy = block.int32(nF);
    this.fWarEngines = block.int32(nF);
    this.crits = new CriticalTable(critParts, block);
    this.swarm = new SwarmValues(nUnits, block);

    // The assault's scratch.
    this.fRole = block.uint8(nF);
    this.fBrokenAtStart = block.uint8(nF);
    this.asSide = block.int8(nUnits);
    this.asPos = block.float64(nUnits);
    this.asOrigin = block.float64(nUnits);
    this.asDist = block.float64(nUnits);
    this.asForceFF = block.uint8(nUnits);
    this.asContactCap = block.int32(nUnits);
    this.asContact = block.int32(nUnits);
    this.asEngaged = block.uint8(nUnits);
    this.asStartAlive = block.uint8(nUnits);
    this.asStartDamage = block.int32(nUnits);
    this.asOrder = block.int32(2 * nUnits);
    this.asOrderStart = block.int32(2);
    this.asOrderStart[1] = nUnits;
    this.asOrderCount = block.int32(2);
    this.asList = block.int32(nUnits);
    this.asBound = block.int32(4);
    this.asStartAliveCount = block.int32(nF);
    this.asCountsByFormation = block.uint8(nF);
    this.asAtkValue = block.uint8(nUnits);
    this.asAtkDice = block.int32(nUnits);
    this.asAtkFlags = block.int32(nUnits);
    this.asAtkMask = block.uint8(nUnits);
    this.asLosses = block.int32(2);
    this.asUnits = block.int32(2);
    this.asInspiring = block.int32(2);
    this.asBlastMarkers = block.int32(2);

    fillStatic(this);
    this.anyMarkerlights = this.uFlags.some((fl) => (fl & C.U_MARKERLIGHT) !== 0);
    this.anyNecron = this.uFlags.some((fl) => (fl & C.U_NECRON) !== 0);
    this.stStartDC.set(this.uStartDC);
    this.stBreakWeight.set(this.uBreakWeight);
    this.stShieldsMax.set(this.uShields);
    for (let i = 0; i < nLines; i++) {
      this.wFixedShots[i] = fixedShots(this.wShotsN[i]!, this.wShotsPlus[i]!, this.wShotsTimes[i]!, this.wExN[i]!, this.wExPlus[i]!);
    }
    let cap = 64;
    for (let i = 0; i < nLines; i++) {
      const shots = maxOf({ n: this.wShotsN[i]!, sides: this.wShotsSides[i]!, plus: this.wShotsPlus[i]! }) * this.wShotsTimes[i]!;
      const extra = maxOf({ n: this.wExN[i]!, sides: this.wExSides[i]!, plus: this.wExPlus[i]! });
      cap += shots + extra + 1;
    }
    // Assault dice: a die per unit (starting DC for a war engine) plus extra attacks, per phase.
    for (let u = 0; u < nUnits; u++) cap += 4 + this.uStartDC[u]! * 2;
    this.hitCap = cap;
    this.hMask = block.uint8(cap);
    this.hReach = block.float64(cap);
    this.hFlags = block.int32(cap);
    this.hTarget = block.int32(cap);
    this.hDamage = block.int32(cap);
    this.hLine = block.int32(cap);
    this.hSide = block.uint8(cap);
  }
}
