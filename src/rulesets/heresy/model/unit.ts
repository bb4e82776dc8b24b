import { InputError } from '../../../model/inputError.js';
import type { HeresyStandRef, HeresyUnit } from './spec.js';
import { SIMULATED_SKILLS, type Profile, type ProfileSet } from './schema.js';

/**
 * A Heresy unit written as stands, front first: "4 Space Marine, 1 Rhino",
 * or with the profile set first ("heresy-examples/8 Ork"). Names match a
 * profile's id, name or alias, case-insensitive, a trailing "s" ignored.
 */
export function parseHeresyUnit(sets: ProfileSet[], text: string): HeresyUnit {
  const problem = (message: string) => new InputError([{ file: `unit "${text}"`, path: '', message }]);
  let body = text.trim();
  let pool = sets;
  const slash = body.indexOf('/');
  if (slash > 0) {
    const id = body.slice(0, slash).trim().toLowerCase();
    const set = sets.find((s) => s.id === id);
    if (!set) throw problem(`"${id}" is not a Heresy profile set (expected ${sets.map((s) => s.id).join(' or ')}); NetEA formations and Epic 40,000 detachments cannot be used with --rules heresy: write the unit as stands, e.g. "4 Space Marine, 1 Rhino"`);
    pool = [set];
    body = body.slice(slash + 1);
  }
  const units: Array<{ unit: HeresyStandRef }> = [];
  const unsupported = new Set<string>();
  for (const part of body.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d+)\s*x?\s+(.+)$/i.exec(part);
    const n = m ? Number(m[1]) : 1;
    const name = (m ? m[2]! : part).trim();
    if (n < 1 || n > 200) throw problem(`"${part}": expected a count from 1 to 200`);
    const found = find(pool, name);
    if (!found) throw problem(`unknown Heresy profile "${name}"; \`epic-balance list --rules heresy\` lists the profiles`);
    for (const s of found.skills) if (!SIMULATED_SKILLS.has(s)) unsupported.add(`${found.name}: the ${s} skill (L451-503) is not simulated`);
    const ref: HeresyStandRef = { ...found, reportType: found.type === 'armored-vehicle' ? 'AV' : found.type === 'light-vehicle' ? 'LV' : 'INF' };
    for (let i = 0; i < n; i++) units.push({ unit: ref });
  }
  if (units.length === 0) throw problem('no stands');
  const priced = units.every((u) => u.unit.points !== undefined);
  const counts = new Map<string, number>();
  for (const u of units) counts.set(u.unit.name, (counts.get(u.unit.name) ?? 0) + 1);
  const name = [...counts].map(([k, c]) => `${c} ${k}`).join(', ');
  return { text, name, armyId: null, units, points: priced ? units.reduce((s, u) => s + u.unit.points!, 0) : null, unsupported: [...unsupported] };
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').replace(/s$/, '');

function find(sets: ProfileSet[], name: string): Profile | undefined {
  const q = norm(name);
  // A user's set (later) overrides the built-in one.
  for (const set of [...sets].reverse()) {
    for (const p of set.profiles) if (p.id === name.trim().toLowerCase() || [p.name, ...p.aliases].some((a) => norm(a) === q)) return p;
  }
  return undefined;
}
