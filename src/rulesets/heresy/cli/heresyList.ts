import { InputError } from '../../../model/inputError.js';
import { heresyData, loadHeresyProfiles } from '../model/load.js';
import type { Profile } from '../model/schema.js';

const TYPES: Record<Profile['type'], string> = { infantry: 'INF', 'light-vehicle': 'LV', 'armored-vehicle': 'AV' };

/** One profile as a line: type, accuracy (to-hit D10 target, L50-58), armour, assault, quality Fresh/Fatigued/Routed, weapons, skills. */
function profileLine(p: Profile): string {
  const weapons = p.weapons.map((w) => `${w.name} FP${w.firepower} Pen${w.penetration} ${w.range.short}/${w.range.long}cm`).join('; ') || 'no weapons';
  const points = p.points !== undefined ? `  ${p.points} pts` : '';
  return `  ${p.name.padEnd(16)} ${TYPES[p.type].padEnd(3)}  acc ${String(p.accuracy).padStart(2)}  armour ${String(p.armour).padStart(2)}  assault ${String(p.assault).padStart(2)}  quality ${p.quality.join('/')}  ${weapons}${p.skills.length ? `  [${p.skills.join(', ')}]` : ''}${points}`;
}

/**
 * `list --rules heresy [set] [--data profiles.json] [--json]`: the Heresy
 * profile sets (the built-in illustrative one, then a user's) and their
 * profiles, as `shoot`, `assault` and `run` read them.
 */
export function listHeresy(setQuery: string | undefined, o: { data?: string; json?: boolean }): void {
  const sets = loadHeresyProfiles(o.data);
  const wanted = setQuery === undefined ? sets : sets.filter((s) => s.id === setQuery.trim().toLowerCase());
  if (wanted.length === 0) throw new InputError([{ file: `profile set "${setQuery}"`, path: '', message: `unknown Heresy profile set; expected one of ${sets.map((s) => `"${s.id}"`).join(', ')}` }]);
  if (o.json) {
    process.stdout.write(JSON.stringify(wanted, null, 2) + '\n');
    return;
  }
  const data = heresyData(o.data);
  process.stdout.write(`rules heresy, data ${data.id} ${data.version}\n`);
  for (const set of wanted) {
    process.stdout.write(`\n${set.name} (${set.id}): ${set.note}\n`);
    for (const p of set.profiles) process.stdout.write(profileLine(p) + '\n');
  }
  process.stdout.write('\nWrite a unit as stands, front first, e.g. "4 Space Marine, 1 Rhino". Accuracy, armour and quality are D10 target numbers (1-10).\n');
}
