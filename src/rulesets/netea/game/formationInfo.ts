import type { FormationSpec } from '../../../model/formation.js';
import type { CriticalEffect } from '../../../model/schema.js';
import { hasAbility } from '../../../model/resolvedUnit.js';
import { flyingKind, fightersOnly } from '../../../model/flyingKind.js';
import { ruleOfNote } from '../../../model/ruleReach.js';
import { C, type Engagement, TERRAIN_INFANTRY, TERRAIN_VEHICLE, TERRAIN_WAR_ENGINE } from './engine.js';

/**
 * What the game needs to know of each formation that never changes in a
 * game: how it moves (RB 1.7, 2.1), how far it reaches, how big it stands,
 * what it is (ground, aircraft, spacecraft, arrival by teleport or
 * planetfall), whether it may garrison (RB 6.1.5). Compiled once from the
 * formations and the engine's engagement, as typed arrays.
 */

/** Bits of `FormationInfo.kind`. */
export const K_AIRCRAFT = 1;
export const K_SPACECRAFT = 2;
/** Every unit may teleport (RB 2.1.17: "Formations where all of the units have this ability"). */
export const K_TELEPORT = 4;
/** Carried in drop pods (RB 5.1.2): it lands when its army's spacecraft acts. */
export const K_DROP_POD = 8;
/** Lands by planetfall from its army's spacecraft (RB 4.4), other than in drop pods. */
export const K_PLANETFALL = 16;
/** May be set up as a garrison (RB 6.1.5). */
export const K_GARRISON = 32;
/** Fighters or fighter-bombers: may intercept (RB 4.2.1). */
export const K_FIGHTERS = 64;
/** Holds a war engine. */
export const K_WAR_ENGINE = 128;
/** Holds a commander or supreme commander (RB 2.1.2). */
export const K_COMMANDER = 256;
/** Every unit that moves skims or jumps: it may cross dangerous and impassable terrain (RB 2.1.7, 2.1.13). */
export const K_FLIES_OVER = 512;
/** Holds tunnelers (TP Tunneler). */
export const K_TUNNELER = 1024;
/** Holds a unit that may transport another formation (a war engine or aircraft transport, RB 3.1.3, 4.2.5). */
export const K_CARRIER = 2048;
/** Bought fortified positions (TP Fortified Positions). */
export const K_POSITIONS = 4096;
/** Holds a skimmer (RB 2.1.13), which could pop up over terrain. */
export const K_SKIMMER = 8192;
/** TP Implacable Advance (Necrons): "Necron formations cannot take a March action". */
export const K_NO_MARCH = 16384;
/** TP Fleet of Foot (Dark Eldar): "formations that have marched may lend support in assaults, help claim a crossfire bonus, and even fire flak shots". */
export const K_FLEET_OF_FOOT = 32768;
/** TP Hit & Run Tactics (Eldar, Dark Eldar): shooting before or after each move of an advance or double; consolidating its speed. */
export const K_HIT_AND_RUN = 65536;
/** TP Scarab Conflict, Necron Reserves: "Any Necron formation in the reserves for any reason ... is considered destroyed for the purpose of tiebreak, or the Break Their Spirit goal". */
export const K_NECRON_RESERVES = 131072;
/** TP Phase Out: a broken formation leaves the table in the end phase; "with the exception of the C'tan, no Necron War Engines may phase out". */
export const K_PHASE_OUT = 262144;
/** TP Portal: "Necron Portals can only be used by armoured vehicles with walker, infantry, or light vehicles units": every unit can. */
export const K_PORTAL_USER = 524288;
/**
 * A transport whose passengers may shoot from inside it (TP Dark Eldar Raider: "Transported units do not have to
 * disembark in order to shoot"; Feral Ork and Speed Freek transports: "units being transported may shoot"). The
 * engine shoots with passengers on foot only, so such a formation's passengers get out after every action (activation.ts).
 */
export const K_SHOOTS_ABOARD = 1048576;

/** The C'tan of the TP Necron list (its C'tan formation: "The Deceiver, The Nightbringer"), the war engines that may phase out. */
const C_TAN = new Set(['the-deceiver', 'the-nightbringer']);
/** FormationInfo.portal: the unit is a portal (TP Portal); it is one until its first critical hit (TP Warbarque: "The unit looses Portal"). */
export const PORTAL = 1;
export const PORTAL_UNTIL_CRITICAL = 2;

/** Radius of a formation of n units standing in the engine's ranks (5 to a rank, 5 cm apart): half its width plus its depth, averaged, plus a unit's half-base. */
export function footprintRadius(n: number): number {
  if (n <= 0) return 0;
  const width = (Math.min(n, 5) - 1) * 5;
  const depth = (Math.ceil(n / 5) - 1) * 5;
  return (width + depth) / 4 + 2.5;
}

export class FormationInfo {
  readonly n: number;
  readonly kind: Int32Array;
  readonly points: Float64Array;
  readonly units: Int32Array;
  /** The slowest unit's speed, cm (RB 1.7.4: a formation keeps together); its passengers riding when `rideSpeed` > 0. */
  readonly speed: Float64Array;
  /** The slowest unit's speed with every passenger embarked (the transports' own), or 0 when nobody rides. */
  readonly rideSpeed: Float64Array;
  /** The charge move of its slowest unit (infiltrators double, RB 2.1.4), on foot and riding. */
  readonly charge: Float64Array;
  readonly rideCharge: Float64Array;
  /** TERRAIN_* bits of the units that walk or drive over the ground. */
  readonly terrainKinds: Uint8Array;
  /** Zone of control, cm: 5, or 10 when half or more of its units are scouts (RB 1.7.3, 2.1.12). */
  readonly zoc: Float64Array;
  /** Longest reach of its ranged weapons, cm, and of its AA weapons (-1: none). */
  readonly range: Float64Array;
  readonly aaRange: Float64Array;
  /** Extra radius for its war engines' size, cm. */
  readonly bigger: Float64Array;
  /** Its most expensive formation, per army (RB 6.1.7 Break Their Spirit): 1 for each tied at the top. */
  readonly mostExpensive: Uint8Array;
  /** Per engine unit: 1 for a unit with Farsight (TP Eldar: a Farseer, Spiritseer, Wraithseer or Warlock Titan). */
  readonly farsight: Uint8Array;
  /** Per engine unit: PORTAL, PORTAL_UNTIL_CRITICAL or 0 (TP Necron Technology, Portal). */
  readonly portal: Uint8Array;
  /** Per engine unit: 1 when its formation's units "may ignore the 5cm restriction when using commander" (TP Land Raider Prometheus). */
  readonly commandAnyRange: Uint8Array;
  /** The engine units that are portals, in order. */
  readonly portalUnits: Int32Array;

  constructor(forms: readonly FormationSpec[], e: Engagement, canEmbark: readonly boolean[]) {
    const n = forms.length;
    this.n = n;
    this.kind = new Int32Array(n);
    this.points = new Float64Array(n);
    this.units = new Int32Array(n);
    this.speed = new Float64Array(n);
    this.rideSpeed = new Float64Array(n);
    this.charge = new Float64Array(n);
    this.rideCharge = new Float64Array(n);
    this.terrainKinds = new Uint8Array(n);
    this.zoc = new Float64Array(n);
    this.range = new Float64Array(n);
    this.aaRange = new Float64Array(n).fill(-1);
    this.bigger = new Float64Array(n);
    this.mostExpensive = new Uint8Array(n);
    this.farsight = new Uint8Array(n === 0 ? 0 : e.fUnitEnd[n - 1]!);
    this.portal = new Uint8Array(this.farsight.length);
    this.commandAnyRange = new Uint8Array(this.farsight.length);
    forms.forEach((f, i) => this.fill(i, f, e, canEmbark[i]!));
    const portals: number[] = [];
    this.portal.forEach((p, u) => {
      if (p !== 0) portals.push(u);
    });
    this.portalUnits = Int32Array.from(portals);
    for (let side = 0; side < 2; side++) {
      let best = -1;
      for (let i = 0; i < n; i++) if (e.fSide[i] === side && this.points[i]! > best) best = this.points[i]!;
      for (let i = 0; i < n; i++) if (e.fSide[i] === side && this.points[i] === best) this.mostExpensive[i] = 1;
    }
  }

  private fill(i: number, f: FormationSpec, e: Engagement, canEmbark: boolean): void {
    const flying = flyingKind(f);
    let kind = 0;
    if (flying === 'aircraft') kind |= K_AIRCRAFT;
    if (flying === 'spacecraft') kind |= K_SPACECRAFT;
    if (flying === 'aircraft' && fightersOnly(f)) kind |= K_FIGHTERS;
    // A formation is what it fields at the start: its daemons' places (TP Summoned Units) keep up with it, as they are placed beside it.
    const all = f.units;
    const units = f.daemonicPact === true ? all.filter((u) => u.summoned === undefined) : all;
    if (units.every((u) => hasAbility(u, 'teleport'))) kind |= K_TELEPORT;
    if (units.some((u) => u.unit.id === 'drop-pod')) kind |= K_DROP_POD;
    else if (flying === 'ground' && units.some((u) => hasAbility(u, 'planetfall'))) kind |= K_PLANETFALL;
    if (units.some((u) => hasAbility(u, 'tunneler'))) kind |= K_TUNNELER;
    if (units.some((u) => u.unit.type === 'WE' || u.unit.type === 'AC/WE')) kind |= K_WAR_ENGINE;
    if (units.some((u) => hasAbility(u, 'commander') || hasAbility(u, 'supreme-commander'))) kind |= K_COMMANDER;
    if (units.some((u) => (u.unit.transport ?? 0) > 0 && (u.unit.type === 'WE' || u.unit.type === 'AC' || u.unit.type === 'AC/WE'))) kind |= K_CARRIER;
    if (f.positions !== undefined) kind |= K_POSITIONS;
    if (units.some((u) => hasAbility(u, 'skimmer'))) kind |= K_SKIMMER;
    if (f.rules.includes('implacable-advance')) kind |= K_NO_MARCH;
    if (f.rules.includes('hit-and-run-tactics')) kind |= K_HIT_AND_RUN;
    if (f.unsupported.some((note) => ruleOfNote(note) === 'fleet-of-foot')) kind |= K_FLEET_OF_FOOT;
    // RB 6.1.5: half or more scouts; or at most one unit faster than 15 cm and no war engine; or a unit of speed 0.
    const scouts = units.filter((u) => hasAbility(u, 'scout')).length;
    const fast = units.filter((u) => u.unit.speed > 15).length;
    const garrison = scouts >= Math.ceil(units.length / 2) || (fast <= 1 && (kind & K_WAR_ENGINE) === 0) || units.some((u) => u.unit.speed === 0 && u.unit.type !== 'SC');
    // TP Scarab Conflict Necron: "their formations may not garrison in the Epic Tournament scenario unless fielding a
    // Tomb Complex" (an army upgrade a game does not field: tournamentArmy.ts names it).
    const necron = f.unsupported.some((note) => ruleOfNote(note) === 'scarab-conflict-necron-army-epic-tournament-special-rules');
    if (garrison && flying === 'ground' && !necron) kind |= K_GARRISON;
    if (necron && flying === 'ground') kind |= K_NECRON_RESERVES;
    if (f.unsupported.some((note) => ruleOfNote(note) === 'phase-out') && flying === 'ground' && units.every((u) => (u.unit.type !== 'WE' && u.unit.type !== 'AC/WE') || C_TAN.has(u.unit.id))) kind |= K_PHASE_OUT;
    if (units.every((u) => u.unit.type === 'INF' || u.unit.type === 'LV' || (u.unit.type === 'AV' && hasAbility(u, 'walker')))) kind |= K_PORTAL_USER;
    if (units.some((u) => (u.unit.transport ?? 0) > 0 && SHOOTS_ABOARD.test(u.unit.notes ?? ''))) kind |= K_SHOOTS_ABOARD;
    this.zoc[i] = scouts * 2 >= units.length ? 10 : 5;
    this.points[i] = f.points ?? 0;
    this.units[i] = units.length;

    const start = e.fUnitStart[i]!;
    const end = e.fUnitEnd[i]!;
    let slowest = Infinity;
    let slowestRiding = Infinity;
    let charge = Infinity;
    let rideCharge = Infinity;
    let flies = true;
    let terrain = 0;
    let range = 0;
    let bigger = 0;
    for (let u = start; u < end; u++) {
      const ru = all[u - start]!;
      if (ru.summoned !== undefined) continue;
      const speed = ru.unit.speed;
      const infiltrates = (e.uFlags[u]! & C.U_INFILTRATOR) !== 0;
      const move = infiltrates ? 2 * speed : speed;
      if (ru.unit.otherRules.includes('farsight') || ru.characters.some((c) => c.otherRules.includes('farsight'))) this.farsight[u] = 1;
      if (ru.unit.otherRules.includes('portal')) this.portal[u] = losesPortal(ru.unit.critical) ? PORTAL_UNTIL_CRITICAL : PORTAL;
      if (COMMAND_ANY_RANGE.test(ru.unit.notes ?? '')) this.commandAnyRange[u] = 1;
      if (ru.unit.id === 'drop-pod') continue;
      slowest = Math.min(slowest, speed);
      charge = Math.min(charge, move);
      if (e.transports.uCarriedBy[u]! < 0) {
        slowestRiding = Math.min(slowestRiding, speed);
        rideCharge = Math.min(rideCharge, move);
      }
      if (!hasAbility(ru, 'skimmer') && !hasAbility(ru, 'jump-packs')) flies = false;
      const cls = e.uClass[u]!;
      if (cls === C.CLASS_INF) terrain |= (e.uFlags[u]! & C.U_MOUNTED) !== 0 ? TERRAIN_VEHICLE : TERRAIN_INFANTRY;
      else if (cls === C.CLASS_LV || cls === C.CLASS_AV) terrain |= TERRAIN_VEHICLE;
      else if (cls === C.CLASS_WE) {
        terrain |= TERRAIN_WAR_ENGINE;
        bigger = Math.max(bigger, Math.sqrt(e.uStartDC[u]!) * 1.5);
      }
      range = Math.max(range, e.uMaxRange[u]!, e.uMaxIndirectRange[u]!);
      if (e.air.uMaxAaRange[u]! > this.aaRange[i]!) this.aaRange[i] = e.air.uMaxAaRange[u]!;
    }
    if (flies && flying === 'ground') kind |= K_FLIES_OVER;
    this.kind[i] = kind;
    this.speed[i] = slowest === Infinity ? 0 : slowest;
    this.charge[i] = charge === Infinity ? 0 : charge;
    this.rideSpeed[i] = canEmbark && slowestRiding !== Infinity ? slowestRiding : 0;
    this.rideCharge[i] = canEmbark && rideCharge !== Infinity ? rideCharge : 0;
    this.terrainKinds[i] = terrain;
    this.range[i] = range;
    this.bigger[i] = bigger;
  }
}

const SHOOTS_ABOARD = /\bmay shoot\b|\bdo not have to disembark in order to shoot\b/i;
/** TP Land Raider Prometheus: "Any unit in the same formation as this unit may ignore the 5cm restriction when using _commander_". */
const COMMAND_ANY_RANGE = /ignore the 5 ?cm restriction when using _?commander/i;

/** Does the unit's critical hit take its Portal (TP Warbarque: "The unit looses Portal. Subsequent critical hits destroy the unit.")? */
function losesPortal(critical: CriticalEffect | undefined): boolean {
  return critical !== undefined && critical.parts.some((p) => p.kind === 'movement' && /loo?ses portal/i.test(p.what));
}
