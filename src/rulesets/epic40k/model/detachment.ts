import { InputError } from '../../../model/inputError.js';
import type { Epic40kDetachment, Epic40kUnitRef } from './spec.js';
import type { Army, Unit } from './schema.js';

/**
 * An Epic 40,000 detachment written as units, nearest the enemy first:
 * "6 Space Marines, 2 Rhino", or with the army first to choose among units
 * of the same name ("chaos/4 Chaos Space Marines, 1 Land Raider"). Names
 * match a profile's name or alias, case-insensitive, a trailing "s" ignored.
 */
export function parseEpic40kDetachment(lists: Map<string, Army>, text: string): Epic40kDetachment {
  const problem = (message: string) => new InputError([{ file: `detachment "${text}"`, path: '', message }]);
  let body = text.trim();
  let armies = [...lists.values()];
  const slash = body.indexOf('/');
  if (slash > 0 && lists.has(body.slice(0, slash).trim().toLowerCase())) {
    armies = [lists.get(body.slice(0, slash).trim().toLowerCase())!];
    body = body.slice(slash + 1);
  } else if (slash > 0 && /^[a-z0-9-]+$/.test(body.slice(0, slash).trim()) && !/\s/.test(body.slice(0, slash).trim())) {
    const id = body.slice(0, slash).trim();
    throw problem(`"${id}" is not an Epic 40,000 army list (expected one of ${[...lists.keys()].join(', ')}) and no NetEA formation can be used with --rules epic40k; write the detachment as units, e.g. "6 Space Marines, 2 Rhino"`);
  }
  const units: Array<{ unit: Epic40kUnitRef }> = [];
  const unsupported = new Set<string>();
  const parts = body.split(',').map((p) => p.trim()).filter(Boolean).map((part) => {
    const m = /^(\d+)\s*x?\s+(.+)$/i.exec(part);
    const n = m ? Number(m[1]) : 1;
    const name = (m ? m[2]! : part).trim();
    if (n < 1 || n > 200) throw problem(`"${part}": expected a count from 1 to 200`);
    const found = findUnit(armies, name);
    if (found.length === 0) throw problem(`unknown Epic 40,000 unit "${name}"; \`epic-balance list --rules epic40k <army>\` lists ${armies.length === 1 ? `the ${armies[0]!.name} units` : 'each army\'s units'}`);
    return { n, name, found };
  });
  // A name in several lists takes the list of the detachment's other units.
  const settled = new Set(parts.filter((p) => new Set(p.found.map((f) => f.army.id)).size === 1).map((p) => p.found[0]!.army.id));
  let armyId: string | null = null;
  for (const { n, name, found } of parts) {
    let candidates = found;
    if (new Set(found.map((f) => f.army.id)).size > 1) candidates = found.filter((f) => settled.has(f.army.id));
    const armiesFound = [...new Set((candidates.length > 0 ? candidates : found).map((f) => f.army.id))];
    if (armiesFound.length > 1 || candidates.length === 0) throw problem(`"${name}" is in ${armiesFound.join(' and ')}: write the army first, e.g. "${armiesFound[0]}/${text.trim()}"`);
    const { unit, army } = candidates[0]!;
    armyId ??= army.id;
    if (unit.kind === 'flyer') throw problem(`"${unit.name}" is a flyer (L817-871): flyer missions, interception and flak are not simulated under --rules epic40k`);
    for (const r of unsupportedRules(unit)) unsupported.add(r);
    const ref: Epic40kUnitRef = { ...unit, type: unit.kind === 'war-engine' ? 'WE' : unit.kind === 'vehicle' ? 'AV' : 'INF' };
    for (let i = 0; i < n; i++) units.push({ unit: ref });
  }
  if (units.length === 0) throw problem('no units');
  const priced = units.every((u) => u.unit.points !== undefined);
  const name = summarise(units.map((u) => u.unit.name));
  return { text, name, armyId, units, points: priced ? units.reduce((s, u) => s + u.unit.points!, 0) : null, unsupported: [...unsupported] };
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').replace(/s$/, '');

function findUnit(armies: Army[], name: string): Array<{ unit: Unit; army: Army }> {
  const q = norm(name);
  const out: Array<{ unit: Unit; army: Army }> = [];
  for (const army of armies) {
    for (const unit of army.units) {
      if (unit.id === name.trim().toLowerCase() || [unit.name, ...unit.aliases].some((n) => norm(n) === q)) out.push({ unit, army });
    }
  }
  return out;
}

function summarise(names: string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, c]) => `${c} ${n}`).join(', ');
}

/** Rules of a unit the Epic 40,000 kernel does not simulate, by name and line. */
function unsupportedRules(u: Unit): string[] {
  const out: string[] = [];
  if (u.abilities.includes('artillery')) out.push(`${u.name}: Artillery indirect fire and preparatory bombardment (L1380-1386) are not simulated; it fires as a normal shooter`);
  if (u.abilities.includes('infiltrators')) out.push(`${u.name}: Infiltrators (L1412) changes deployment and command range only; every unit is assumed in command`);
  if (u.abilities.includes('skimmer')) out.push(`${u.name}: Skimmer pop-up attacks (L1436) are not simulated`);
  if (u.abilities.includes('flak')) out.push(`${u.name}: Flak (L1398) shoots flyers, which are not simulated`);
  if (u.transport !== undefined) out.push(`${u.name}: Transport-${u.transport} (L1450): carrying units is not simulated`);
  if (u.abilities.includes('commander')) out.push(`${u.name}: Supreme Commander re-rolls (L1444) are not simulated`);
  if (u.firepower.kind === 'vortex') out.push(`${u.name}: the Vortex Missile (L1370) is not simulated`);
  if (u.kind === 'war-engine') out.push(`${u.name}: war-engine weapon batteries, Critical and Catastrophic Damage Tables are missing from the seed; criticals add the option's extra damage`);
  if (u.notes.toLowerCase().includes('weapon options')) out.push(`${u.name}: weapon options (${u.notes}) are not simulated`);
  return out;
}
