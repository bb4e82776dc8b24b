import type { GameSpec } from './gameSpec.js';
import { ACTION_NAMES } from './actionCodes.js';
import { ATTACKER_WINS, DEFENDER_WINS, NO_ASSAULT } from './engine.js';
import { GOAL_COUNT, GOAL_NAMES } from './goalBits.js';
import { CONTESTED, NOBODY } from './objectives.js';
import { END_GOALS } from './playGame.js';
import * as T from './timeline.js';
import { ARRIVE_BY_PORTAL } from './necronReserves.js';

/**
 * A sampled game's events as text a player can follow, turn by turn: who set
 * up where, each strategy roll, each activation (the action, the test, the
 * moves, the shots and assaults with what they destroyed), the rallies, the
 * objectives held at each end phase, the goals and the end.
 */
export function timelineText(timeline: T.Timeline, spec: GameSpec): string[] {
  const names = spec.armies.flatMap((a, side) => a.formations.map((f) => `${side === 0 ? 'A' : 'B'}: ${f.name}`));
  const army = (a: number) => (a === 0 ? 'A' : 'B');
  const name = (f: number) => names[f] ?? `formation ${f}`;
  const cm = (v: number) => v.toFixed(0);
  const pts = (v: number) => (Math.round(v * 10) / 10).toString();
  const goals = (mask: number) => {
    const got = GOAL_NAMES.filter((_, g) => g < GOAL_COUNT && (mask & (1 << g)) !== 0);
    return got.length === 0 ? 'none' : got.join(', ');
  };
  const out: string[] = [];
  let turn = -1;
  for (let i = 0; i < timeline.n; i++) {
    const t = timeline.turn[i]!;
    const f = timeline.f[i]!;
    const g = timeline.g[i]!;
    const a = timeline.a[i]!;
    const b = timeline.b[i]!;
    const c = timeline.c[i]!;
    const d = timeline.d[i]!;
    if (t !== turn && timeline.kind[i] !== T.EV_TURN) {
      turn = t;
      if (t === 0) out.push('Set-up');
    }
    switch (timeline.kind[i]) {
      case T.EV_SIDES:
        out.push(`  army ${army(b)} chooses the table edge: army A sets up on the ${a === 0 ? 'south' : 'north'} edge, army B on the ${a === 0 ? 'north' : 'south'}`);
        break;
      case T.EV_OBJECTIVE:
        out.push(`  objective ${f + 1} placed by army ${army(g)} at (${cm(a)}, ${cm(b)})${c === 1 ? ', on its own edge' : ''}`);
        break;
      case T.EV_DEPLOY:
        out.push(`  ${name(f)} sets up at (${cm(a)}, ${cm(b)})${c === 1 ? ` as the garrison of objective ${g + 1}` : ''}`);
        break;
      case T.EV_RESERVE:
        out.push(`  ${name(f)} waits off the table`);
        break;
      case T.EV_TURN:
        turn = t;
        out.push(`Turn ${t}`);
        break;
      case T.EV_STRATEGY:
        out.push(`  strategy roll: army A ${a}, army B ${b}; army ${army(c)} acts first`);
        break;
      case T.EV_ACTION:
        out.push(`  ${name(f)}: ${ACTION_NAMES[a] ?? 'action'}${d > 0 ? ` (${d} Blast markers)` : ''}${c === 1 ? ', retaining the initiative' : ''}: test ${b === 1 ? 'passed' : 'failed, holds'}`);
        break;
      case T.EV_MOVE:
        out.push(`    ${g >= 0 ? 'charges' : 'moves'} from (${cm(a)}, ${cm(b)}) to (${cm(c)}, ${cm(d)})`);
        break;
      case T.EV_DANGEROUS:
        out.push(`    dangerous terrain: ${a} unit(s) lost`);
        break;
      case T.EV_OVERWATCH_FIRE:
        out.push(`    ${name(f)} fires from overwatch`);
        break;
      case T.EV_SHOOT:
        out.push(b === 1 ? `    ${name(f)} shoots ${name(g)}${d === 1 ? ' in a crossfire' : ''}: ${pts(c)} points destroyed` : `    ${name(f)} has nothing in range of ${name(g)}`);
        break;
      case T.EV_AIR_ATTACK:
        out.push(`    ${name(f)} attacks ${name(g)}: ${pts(c)} points destroyed`);
        break;
      case T.EV_ASSAULT:
        out.push(`    assault on ${name(g)}${d !== 0 ? `, ${names.filter((_, k) => (d & (1 << k)) !== 0).join(' and ')} following the commander (RB 2.1.2)` : ''}: ${a === NO_ASSAULT ? 'no charger within 15 cm, no assault' : a === ATTACKER_WINS ? 'the attacker wins' : a === DEFENDER_WINS ? 'the defender wins' : 'no result'}`);
        break;
      case T.EV_WITHDRAW:
        out.push(`    ${name(f)} withdraws ${cm(a)} cm to (${cm(b)}, ${cm(c)})`);
        break;
      case T.EV_CONSOLIDATE:
        out.push(`    ${name(f)} consolidates:`);
        break;
      case T.EV_LOST:
        out.push(`    ${name(f)} is destroyed`);
        break;
      case T.EV_REGROUP:
        out.push(`    regroups: ${a} to ${b} Blast markers`);
        break;
      case T.EV_ARRIVE:
        out.push(`  ${name(f)} ${c === 1 ? 'teleports' : c === ARRIVE_BY_PORTAL ? `enters through a portal of ${name(g)}` : 'lands'} at (${cm(a)}, ${cm(b)})`);
        break;
      case T.EV_SUMMON:
        out.push(`    summons with ${a} summoning points: ${b} daemon${b === 1 ? '' : 's'} placed`);
        break;
      case T.EV_DAEMONS_BACK:
        out.push(`  end phase: ${a} of ${name(f)}'s daemons go back to the Daemon Pool`);
        break;
      case T.EV_PHASE_OUT:
        out.push(`  end phase: ${name(f)} phases out into the reserves`);
        break;
      case T.EV_RALLY:
        out.push(`  end phase: ${name(f)} ${a === 1 ? (b === 0 ? 'rallies' : g === 1 ? 'fails to rally and stays in the reserves' : 'fails to rally and withdraws') : `rallies from ${c} to ${d} Blast markers`}${g === 1 && !(a === 1 && b === 1) ? ' in the reserves' : ''}`);
        break;
      case T.EV_CONTROL:
        out.push(`  objective ${f + 1}: ${g === NOBODY ? 'nobody' : g === CONTESTED ? 'contested' : `held by army ${army(g)}`}`);
        break;
      case T.EV_GOALS:
        out.push(`  goals: army A ${goals(a)}; army B ${goals(b)}${c >= 0 ? `: army ${army(c)} wins` : ''}`);
        break;
      case T.EV_TIEBREAK_DICE:
        out.push(`  tiebreak dice: ${a} and ${b}: ${a === b ? 'another turn' : 'the game ends'}`);
        break;
      case T.EV_END:
        out.push(`End: ${a < 0 ? 'a draw' : `army ${army(a)} wins`} ${b === END_GOALS ? 'on goals' : 'on victory points'}; victory points A ${pts(c)}, B ${pts(d)}`);
        break;
    }
  }
  return out;
}
