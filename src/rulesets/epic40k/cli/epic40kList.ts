import { InputError } from '../../../model/inputError.js';
import { loadEpic40kLists } from '../model/load.js';
import type { Unit } from '../model/schema.js';
import { epic40kData } from '../scenarios/epic40kJobs.js';

const fpText = (u: Unit) => {
  const f = u.firepower;
  switch (f.kind) {
    case 'normal':
      return String(f.value);
    case 'anti-tank':
      return `(${f.shots}) AT`;
    case 'death-ray':
      return `(${f.shots}) DR`;
    case 'pulsar':
    case 'distortion':
    case 'mega-cannon':
      return `${f.weapons} ${f.kind}`;
    default:
      return f.kind;
  }
};

function unitLine(u: Unit): string {
  const range = u.range === null ? 'n/a' : u.range.max >= 10000 ? 'U/L' : u.range.min > 0 ? `${u.range.min}-${u.range.max}` : `${u.range.max}`;
  const speed = u.speed === null ? 'Flyer' : `${u.speed}cm`;
  const assault = u.kind === 'flyer' ? `${u.intercept}/${u.gunnery}` : String(u.assault);
  const we = u.damageCapacity !== undefined ? `  DC${u.damageCapacity}${u.shields ? ` ${u.shields.kind}-${u.shields.points}` : ''}` : '';
  const pts = u.points !== undefined ? `${u.points} pts (L${u.pointsLine})` : 'no price';
  return `  ${u.name.padEnd(28)} ${u.kind.padEnd(10)} ${speed.padStart(6)} ${range.padStart(7)}  FP ${fpText(u).padEnd(13)} Assault ${assault.padEnd(5)} Armor ${u.armour}${we}  ${u.abilities.join(', ')}${u.abilities.length ? '  ' : ''}${pts}  L${u.line}`;
}

/** `list --rules epic40k [army] [--units] [--json]`: the five BattleBible lists, an army's units and detachment cards. */
export function listEpic40k(armyQuery: string | undefined, o: { units?: boolean; json?: boolean }): void {
  const lists = loadEpic40kLists();
  const data = epic40kData();
  if (armyQuery === undefined) {
    if (o.json) {
      process.stdout.write(JSON.stringify([...lists.values()].map((a) => ({ id: a.id, name: a.name, strategyRating: a.strategyRating, units: a.units.length, detachments: a.detachments.length })), null, 2) + '\n');
      return;
    }
    process.stdout.write(`rules epic40k, data ${data.id} ${data.version}\n`);
    for (const a of lists.values()) process.stdout.write(`  ${a.id.padEnd(12)} ${a.name} (strategy ${a.strategyRating}; ${a.units.length} units, ${a.detachments.length} detachment cards; L${a.lines[0]}-${a.lines[1]})\n`);
    return;
  }
  const army = lists.get(armyQuery.trim().toLowerCase()) ?? [...lists.values()].find((a) => a.name.toLowerCase() === armyQuery.trim().toLowerCase());
  if (!army) throw new InputError([{ file: `army "${armyQuery}"`, path: '', message: `unknown Epic 40,000 army list; expected one of ${[...lists.keys()].map((k) => `"${k}"`).join(', ')}` }]);
  if (o.json) {
    process.stdout.write(JSON.stringify(o.units ? army.units : army, null, 2) + '\n');
    return;
  }
  process.stdout.write(`${army.name} (${army.id}), rules epic40k: strategy rating ${army.strategyRating}\n\nunits (write detachments as "${army.id}/6 ${army.units[0]!.name}, ..."):\n`);
  for (const u of army.units) process.stdout.write(unitLine(u) + '\n');
  if (o.units) return;
  process.stdout.write('\ndetachment cards (name | # of units | cost per unit/option):\n');
  for (const d of army.detachments) {
    process.stdout.write(`  ${d.name} (L${d.line})${d.chainOfCommand.length ? `  chain of command: ${d.chainOfCommand.join(' > ')}` : ''}\n`);
    for (const s of d.sections) {
      process.stdout.write(`    ${s.name}${s.rule ? `: ${s.rule}` : ''}\n`);
      for (const r of s.rows) process.stdout.write(`      ${r.option ? '  ' : ''}${r.name.padEnd(44)} ${r.units.padStart(5)} ${r.cost.padStart(5)}  L${r.line}\n`);
    }
  }
  if (army.errata.length > 0) process.stdout.write(`\nerrata and transcription choices:\n${army.errata.map((e) => `  - ${e}\n`).join('')}`);
}
