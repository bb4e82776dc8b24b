import type { Dataset } from '../../../model/dataset.js';
import { InputError } from '../../../model/inputError.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { parseArmyReference, type FormationSpec } from '../../../model/formation.js';
import { describePositions } from '../../../model/boughtPositions.js';
import type { Army, Unit } from '../../../model/schema.js';
import { upgradePrice } from '../../../model/upgradePrice.js';
import { overlayHeader } from '../../../cli/print.js';

interface ListOptions {
  rules: string;
  data?: string;
  /** --datasheet overlays laid over the data set, in order (options.ts). */
  datasheet?: string[];
  units?: boolean;
  json?: boolean;
}

function findArmy(data: Dataset, query: string): Army {
  const q = query.trim().toLowerCase();
  const army = data.armies.get(q) ?? [...data.armies.values()].find((a) => a.name.toLowerCase() === q);
  if (!army) throw new InputError([{ file: `army "${query}"`, path: '', message: `unknown army; expected one of ${[...data.armies.keys()].map((k) => `"${k}"`).join(', ')}` }]);
  return army;
}

/** Counts of names in first-seen order: "6 Tactical, 3 Rhino". */
function countNames(names: string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, c]) => `${c} ${n}`).join(', ');
}

/** What a formation named without options fields: its units, and the sentence saying what was chosen for it (or null). */
interface Fielded {
  units: string;
  choice: string | null;
}

/**
 * The units a formation named without options fields, as the simulator takes
 * them: a choice's default option, the transports a "plus transport"
 * formation's cost includes, the units its list adds, and the characters that
 * join them (not the weapons a titan's mounts carry as characters). A
 * formation that cannot be fielded is shown with the units its list names.
 */
function fieldedUnits(data: Dataset, army: Army, f: Army['formations'][number]): Fielded {
  let spec: FormationSpec;
  try {
    spec = parseArmyReference(data, `${army.id}/${f.id}`);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { units: f.units.map((uc) => `${uc.count} ${data.units.get(uc.unit)?.name ?? uc.unit}`).join(', '), choice: null };
  }
  const units = countNames(spec.units.map((u) => u.unit.name));
  const mounted = new Set(spec.units.flatMap((u) => (u.mounted ?? []).map((m) => m.character)));
  const characters = countNames(spec.units.flatMap((u) => u.characters.filter((c) => !mounted.has(c.id)).map((c) => c.name)));
  return { units: characters === '' ? units : `${units} (with ${characters})`, choice: spec.choice ?? null };
}

const value = (v: number | null) => (v === null ? '-' : `${v}+`);

function unitLine(u: Unit): string {
  const dc = u.damageCapacity !== undefined ? ` DC${u.damageCapacity}` : '';
  return `  ${u.name.padEnd(28)} ${u.type.padEnd(5)} ${String(u.speed).padStart(3)}cm  armour ${value(u.armour)}  CC ${value(u.cc)}  FF ${value(u.ff)}${dc}`;
}

function unitsOfArmy(data: Dataset, army: Army): Unit[] {
  const ids = new Set<string>();
  for (const f of army.formations) {
    f.units.forEach((uc) => ids.add(uc.unit));
    f.choices.forEach((c) => c.from.forEach((u) => ids.add(u)));
    f.alternatives?.forEach((a) => a.units.forEach((uc) => ids.add(uc.unit)));
  }
  for (const up of army.upgrades) {
    up.add.forEach((uc) => ids.add(uc.unit));
    if (up.character) ids.add(up.character);
    up.choices.forEach((c) => c.from.forEach((u) => ids.add(u)));
    up.optionUnits?.forEach((o) => o.add.forEach((uc) => ids.add(uc.unit)));
  }
  return [...ids].map((id) => data.units.get(id)!).filter(Boolean);
}

/** `list [army]` under NetEA or the 2004 rulebook (the same lists): the armies; an army's formations with points and upgrades; `--units` its units. */
export function listNetea(armyQuery: string | undefined, o: ListOptions): void {
  const data = loadDataset(o.data, o.datasheet);
  if (armyQuery === undefined) {
    const armies = [...data.armies.values()];
    if (o.json) {
      process.stdout.write(JSON.stringify(armies.map((a) => ({ id: a.id, name: a.name, strategyRating: a.strategyRating, formations: a.formations.length })), null, 2) + '\n');
      return;
    }
    process.stdout.write(`${o.rules === 'rulebook-2004' ? 'rules rulebook-2004, ' : ''}data ${data.id} ${data.version}\n`);
    for (const a of armies) process.stdout.write(`  ${a.id.padEnd(40)} ${a.name} (strategy ${a.strategyRating}, ${a.formations.length} formations)\n`);
    return;
  }
  const army = findArmy(data, armyQuery);
  if (o.units) {
    const units = unitsOfArmy(data, army);
    if (o.json) {
      process.stdout.write(JSON.stringify(units, null, 2) + '\n');
      return;
    }
    process.stdout.write(`${overlayHeader(data)}${army.name}: ${units.length} units\n`);
    for (const u of units) process.stdout.write(unitLine(u) + '\n');
    return;
  }
  if (o.json) {
    const formations = army.formations.map((f) => ({ ...f, fielded: fieldedUnits(data, army, f).units }));
    process.stdout.write(JSON.stringify({ id: army.id, name: army.name, strategyRating: army.strategyRating, initiative: army.initiative, formations, upgrades: army.upgrades }, null, 2) + '\n');
    return;
  }
  const init = Object.entries(army.initiative).map(([k, v]) => `${k} ${v}+`).join(', ');
  process.stdout.write(`${overlayHeader(data)}${army.name} (${army.id}): strategy rating ${army.strategyRating}, initiative ${init}\n\nformations (use as "${army.id}/<formation>[+<upgrade>...]"):\n`);
  for (const f of army.formations) {
    const fielded = fieldedUnits(data, army, f);
    process.stdout.write(`  ${f.id.padEnd(24)} ${String(f.points).padStart(4)} pts  ${fielded.units}${f.limit ? `  (${f.limit})` : ''}\n`);
    if (fielded.choice !== null) process.stdout.write(`  ${''.padEnd(24)}           uses ${fielded.choice}\n`);
    if (f.alternatives !== undefined) process.stdout.write(`  ${''.padEnd(24)}           or: ${f.alternatives.map((a) => `@${a.id}${a.points !== undefined ? ` ${a.points} pts` : ''}`).join(', ')}\n`);
    for (const w of f.weaponSurcharges ?? []) {
      process.stdout.write(`  ${''.padEnd(24)}           +${w.points} pts when a ${data.units.get(w.unit)?.name ?? w.unit} carries ${data.weapons.get(w.weapon)?.name ?? w.weapon}\n`);
    }
    if ((f.sizes?.length ?? 0) > 1) process.stdout.write(`  ${''.padEnd(24)}           sizes: ${f.sizes!.slice(1).map((z) => `@${z.id} ${z.points} pts`).join(', ')}\n`);
    if (f.upgrades.length > 0) process.stdout.write(`  ${''.padEnd(24)}           upgrades: ${f.upgrades.join(', ')}\n`);
  }
  if (army.upgrades.length > 0) {
    process.stdout.write('\nupgrades:\n');
    for (const u of army.upgrades) {
      const armed = u.armedWith === undefined ? '' : ` with ${u.armedWith.map((w) => data.weapons.get(w)?.name ?? w).join(' or ')}`;
      const adds = u.add.map((uc) => `+${uc.count} ${data.units.get(uc.unit)?.name ?? uc.unit}${armed}`);
      const removes = u.remove.map((uc) => `-${uc.count} ${data.units.get(uc.unit)?.name ?? uc.unit}`);
      const ch = u.character ? [`character ${data.units.get(u.character)?.name ?? u.character}`] : [];
      const pods = u.planetfallPods ? [`lands the formation in pods (${data.units.get(u.planetfallPods.pod)?.name ?? u.planetfallPods.pod})`] : [];
      const positions = u.positions ? [describePositions(u.positions)] : [];
      const brought = (u.optionUnits ?? []).map((o) => `${o.add.map((uc) => `+${uc.count} ${data.units.get(uc.unit)?.name ?? uc.unit}`).join(', ')} with ${data.units.get(o.option)?.name ?? o.option}`);
      process.stdout.write(`  ${u.id.padEnd(24)} ${upgradePrice(u).padStart(8)}  ${[...adds, ...removes, ...ch, ...brought, ...pods, ...positions].join(', ')}${u.unsupported ? `  (not simulated: ${u.unsupported})` : ''}\n`);
    }
  }
}
