import type { FormationSpec } from '../../../model/formation.js';
import { fightersOnly, flyingKind, hasAntiAircraft } from '../../../model/flyingKind.js';
import { InputError } from '../../../model/inputError.js';
import { DEFAULT_AIR_ATTACK_GAP, flakEngagement, groundAttackEngagement, interceptEngagement, orbitalEngagement } from '../engine/aerospaceEngagements.js';
import type { Geometry, SideState } from '../engine/engagements.js';
import type { EngagementSpec } from '../model/spec.js';

/** What `shoot` asked for when a side flies, in the command's own words. */
export interface AirShot {
  attacker: { text: string; formation: FormationSpec };
  target: { text: string; formation: FormationSpec; state: SideState };
  /** --gap, or undefined when the user left the default. */
  gap: number | undefined;
  geometry: Omit<Geometry, 'gap'>;
  /** Other formations firing flak at a ground attack (--flak). */
  flak: Array<{ text: string; formation: FormationSpec }>;
  /** The target fires its own flak (not --no-target-flak). */
  targetFlak: boolean;
  cap: { text: string; formation: FormationSpec } | null;
  phase: 'approach' | 'disengagement';
  moved: boolean;
  test: boolean;
}

/** Which attack a `shoot` between these two formations is (RB 4.2-4.3), or 'shoot' when neither flies. */
export type AirAttackKind = 'shoot' | 'ground-attack' | 'flak' | 'intercept' | 'orbital';

function refuse(text: string, message: string): InputError {
  return new InputError([{ file: `formation "${text}"`, path: '', message }]);
}

function kindOf(text: string, f: FormationSpec) {
  const k = flyingKind(f);
  if (k === null) throw refuse(text, 'mixes aircraft or spacecraft with ground units; a formation flies or stands, not both');
  return k;
}

/** The kind of attack, with the checks the rules make (who may shoot what). */
export function airAttackKind(s: Pick<AirShot, 'attacker' | 'target' | 'flak' | 'cap'>): AirAttackKind {
  const a = kindOf(s.attacker.text, s.attacker.formation);
  const t = kindOf(s.target.text, s.target.formation);
  if (t === 'spacecraft') throw refuse(s.target.text, 'is a spacecraft: it is in orbit and cannot be attacked (RB 4.3)');
  let kind: AirAttackKind;
  if (a === 'spacecraft') {
    if (t !== 'ground') throw refuse(s.target.text, 'is an aircraft formation: a spacecraft attacks ground formations only (RB 4.3.3-4.3.4)');
    kind = 'orbital';
  } else if (a === 'aircraft') {
    if (t === 'aircraft') {
      if (!fightersOnly(s.attacker.formation)) throw refuse(s.attacker.text, 'only fighters and fighter-bombers may intercept enemy aircraft (RB 4.2.1)');
      if (!hasAntiAircraft(s.attacker.formation)) throw refuse(s.attacker.text, 'has no weapon with an AA value to intercept with (RB 4.2.3)');
      kind = 'intercept';
    } else {
      kind = 'ground-attack';
    }
  } else if (t === 'aircraft') {
    if (!hasAntiAircraft(s.attacker.formation)) throw refuse(s.attacker.text, 'has no weapon with an AA value: ground units may shoot aircraft only with flak (RB 4.2.3-4.2.4)');
    kind = 'flak';
  } else {
    kind = 'shoot';
  }
  if (kind !== 'ground-attack' && (s.flak.length > 0 || s.cap !== null)) {
    throw new InputError([{ file: s.flak.length > 0 ? 'option --flak' : 'option --cap', path: '', message: 'only for a ground attack (an aircraft formation shooting a ground formation)' }]);
  }
  for (const f of s.flak) {
    if (kindOf(f.text, f.formation) !== 'ground') throw refuse(f.text, 'flak comes from ground formations (RB 4.2.4)');
    if (!hasAntiAircraft(f.formation)) throw refuse(f.text, 'has no weapon with an AA value to fire flak with (RB 4.2.4)');
  }
  if (s.cap !== null) {
    if (kindOf(s.cap.text, s.cap.formation) !== 'aircraft' || !fightersOnly(s.cap.formation)) throw refuse(s.cap.text, 'combat air patrol is flown by fighters and fighter-bombers (RB 4.2.1)');
    if (!hasAntiAircraft(s.cap.formation)) throw refuse(s.cap.text, 'has no weapon with an AA value to intercept with (RB 4.2.3)');
  }
  return kind;
}

/** The engagement for an aerospace `shoot`, and the sentence that titles it. */
export function airShotEngagement(kind: Exclude<AirAttackKind, 'shoot'>, s: AirShot): { spec: EngagementSpec; title: string } {
  const a = s.attacker.formation;
  const t = s.target.formation;
  const fresh: SideState = { blastMarkers: 0, broken: false, cover: { kind: 'none' } };
  switch (kind) {
    case 'ground-attack': {
      const gap = s.gap ?? DEFAULT_AIR_ATTACK_GAP;
      const spec = groundAttackEngagement(a, t, {
        geometry: { ...s.geometry, gap },
        aircraft: fresh,
        target: s.target.state,
        targetFlak: s.targetFlak && hasAntiAircraft(t),
        flak: s.flak.map((f) => f.formation),
        cap: s.cap?.formation ?? null,
        test: s.test,
      });
      const through = [s.targetFlak && hasAntiAircraft(t) ? t.name : null, ...s.flak.map((f) => f.formation.name)].filter((x) => x !== null);
      const title = `${a.name} ground attack on ${t.name} from ${gap} cm${s.cap ? `, intercepted by ${s.cap.formation.name}` : ''}${through.length > 0 ? `, through flak from ${through.join(', ')}` : ', no flak'}`;
      return { spec, title };
    }
    case 'flak': {
      const gap = s.gap ?? 30;
      const spec = flakEngagement(a, t, { geometry: { ...s.geometry, gap }, shooter: fresh, phase: s.phase, moved: s.moved });
      return { spec, title: `${a.name} fire flak at ${t.name} (${s.phase}${s.moved ? ', after moving: -1' : ''}) ${gap} cm away` };
    }
    case 'intercept':
      return { spec: interceptEngagement(a, t, { geometry: { ...s.geometry, gap: 0 }, test: s.test }), title: `${a.name} intercept ${t.name} (+1 to hit)` };
    case 'orbital':
      return { spec: orbitalEngagement(a, t, { geometry: { ...s.geometry, gap: s.gap ?? 30 }, target: s.target.state, test: s.test }), title: `${a.name} orbital attack on ${t.name}` };
  }
}
