import type { Army, DatasheetFile, Force, Unit, Weapon } from './schema.js';
import { InputError, type Problem } from './inputError.js';

/** The id of the built-in data set, transcribed from the 2004 rulebook (datasheets/). */
export const BUILTIN_DATASET_ID = 'rulebook-2004';

/** The id of a data set imported from a NetEA Tournament Pack checkout (src/model/tp/importer.ts). */
export const TOURNAMENT_PACK_DATASET_ID = 'netea-tp';

/** A loaded, cross-checked data set: what every command resolves formations against. */
export interface Dataset {
  /** BUILTIN_DATASET_ID or TOURNAMENT_PACK_DATASET_ID. */
  id: string;
  /** Content version: a hash of the built-in files, or the Tournament Pack commit. */
  version: string;
  weapons: Map<string, Weapon>;
  units: Map<string, Unit>;
  forces: Map<string, Force>;
  armies: Map<string, Army>;
  /** The force each unit belongs to, by unit id. */
  unitForce: Map<string, Force>;
  /** The --datasheet overlays laid over the data set, in order (datasheetOverlay.ts); `version` names them too. */
  overlays?: Array<{ file: string; sha256: string }>;
}

/**
 * A data set's version cut for a one-line header: a Tournament Pack commit to
 * 12 digits, the --datasheet overlays after it (each " + file sha256:...") whole.
 */
export function shortVersion(version: string): string {
  const [base, ...overlays] = version.split(' + ');
  return [base!.slice(0, 12), ...overlays].join(' + ');
}

/** A parsed datasheet file and the name it was read from (for messages). */
export interface NamedDatasheet {
  file: string;
  data: DatasheetFile;
}

/**
 * Merges datasheet files into one data set and checks every reference:
 * weapon ids on units, unit ids in forces, formations and upgrades, upgrade ids
 * on formations. All problems are reported together; nothing is half-loaded.
 */
export function buildDataset(id: string, version: string, sheets: NamedDatasheet[]): Dataset {
  const problems: Problem[] = [];
  const weapons = new Map<string, Weapon>();
  const units = new Map<string, Unit>();
  const forces = new Map<string, Force>();
  const armies = new Map<string, Army>();
  const seen = new Map<string, string>();

  const define = <T>(map: Map<string, T>, kind: string, key: string, value: T, file: string, path: string) => {
    const prior = seen.get(`${kind}:${key}`);
    if (prior !== undefined) {
      problems.push({ file, path, message: `duplicate ${kind} id "${key}" (first defined in ${prior})` });
      return;
    }
    seen.set(`${kind}:${key}`, file);
    map.set(key, value);
  };

  for (const { file, data } of sheets) {
    data.weapons.forEach((w, i) => define(weapons, 'weapon', w.id, w, file, `weapons[${i}].id`));
    data.units.forEach((u, i) => define(units, 'unit', u.id, u, file, `units[${i}].id`));
    data.forces.forEach((f, i) => define(forces, 'force', f.id, f, file, `forces[${i}].id`));
    data.armies.forEach((a, i) => define(armies, 'army', a.id, a, file, `armies[${i}].id`));
  }

  const unitForce = new Map<string, Force>();
  for (const { file, data } of sheets) {
    data.units.forEach((u, i) => {
      u.weapons.forEach((w, j) => {
        if (!weapons.has(w.weapon)) {
          problems.push({ file, path: `units[${i}].weapons[${j}].weapon`, message: `unknown weapon id "${w.weapon}"; expected one of the data set's weapon ids` });
        }
      });
    });
    data.forces.forEach((f, i) => {
      f.units.forEach((unitId, j) => {
        if (!units.has(unitId)) problems.push({ file, path: `forces[${i}].units[${j}]`, message: `unknown unit id "${unitId}"` });
        else if (!unitForce.has(unitId)) unitForce.set(unitId, f);
      });
    });
    data.armies.forEach((a, i) => {
      const upgradeIds = new Set(a.upgrades.map((u) => u.id));
      const checkUnit = (unitId: string, path: string) => {
        if (!units.has(unitId)) problems.push({ file, path, message: `unknown unit id "${unitId}"` });
      };
      a.formations.forEach((f, j) => {
        f.units.forEach((uc, k) => checkUnit(uc.unit, `armies[${i}].formations[${j}].units[${k}].unit`));
        f.choices.forEach((c, k) => c.from.forEach((u, l) => checkUnit(u, `armies[${i}].formations[${j}].choices[${k}].from[${l}]`)));
        (f.alternatives ?? []).forEach((a, k) => {
          a.replaces.forEach((uc, l) => checkUnit(uc.unit, `armies[${i}].formations[${j}].alternatives[${k}].replaces[${l}].unit`));
          a.units.forEach((uc, l) => checkUnit(uc.unit, `armies[${i}].formations[${j}].alternatives[${k}].units[${l}].unit`));
        });
        (f.unitPrices ?? []).forEach((p, k) => checkUnit(p.unit, `armies[${i}].formations[${j}].unitPrices[${k}].unit`));
        f.upgrades.forEach((u, k) => {
          if (!upgradeIds.has(u)) {
            problems.push({ file, path: `armies[${i}].formations[${j}].upgrades[${k}]`, message: `unknown upgrade id "${u}"; expected one of the upgrades of army "${a.id}"` });
          }
        });
      });
      const formationIds = new Set(a.formations.map((f) => f.id));
      a.upgrades.forEach((up, j) => {
        if (up.formation !== undefined && !formationIds.has(up.formation)) {
          problems.push({ file, path: `armies[${i}].upgrades[${j}].formation`, message: `unknown formation id "${up.formation}"; expected one of the formations of army "${a.id}"` });
        }
        up.add.forEach((uc, k) => checkUnit(uc.unit, `armies[${i}].upgrades[${j}].add[${k}].unit`));
        up.remove.forEach((uc, k) => {
          checkUnit(uc.unit, `armies[${i}].upgrades[${j}].remove[${k}].unit`);
          (uc.or ?? []).forEach((id, n) => checkUnit(id, `armies[${i}].upgrades[${j}].remove[${k}].or[${n}]`));
        });
        up.choices.forEach((c, k) => c.from.forEach((u, l) => checkUnit(u, `armies[${i}].upgrades[${j}].choices[${k}].from[${l}]`)));
        (up.optionUnits ?? []).forEach((o, k) => {
          if (!up.choices.some((c) => c.from.includes(o.option))) problems.push({ file, path: `armies[${i}].upgrades[${j}].optionUnits[${k}].option`, message: `"${o.option}" is not one of the upgrade's choices` });
          o.add.forEach((uc, l) => checkUnit(uc.unit, `armies[${i}].upgrades[${j}].optionUnits[${k}].add[${l}].unit`));
        });
        (up.unitPrices ?? []).forEach((p, k) => checkUnit(p.unit, `armies[${i}].upgrades[${j}].unitPrices[${k}].unit`));
        if (up.character !== undefined) {
          const ch = units.get(up.character);
          if (!ch) checkUnit(up.character, `armies[${i}].upgrades[${j}].character`);
          else if (ch.type !== 'CH') problems.push({ file, path: `armies[${i}].upgrades[${j}].character`, message: `"${up.character}" is a ${ch.type} unit; expected a character (type CH)` });
        }
        const pods = up.planetfallPods;
        if (pods !== undefined) {
          checkUnit(pods.pod, `armies[${i}].upgrades[${j}].planetfallPods.pod`);
          pods.except.forEach((u, k) => checkUnit(u, `armies[${i}].upgrades[${j}].planetfallPods.except[${k}]`));
          pods.units.forEach((u, k) => checkUnit(u, `armies[${i}].upgrades[${j}].planetfallPods.units[${k}]`));
        }
      });
      (a.forces ?? []).forEach((force, k) => {
        if (!forces.has(force)) problems.push({ file, path: `armies[${i}].forces[${k}]`, message: `unknown force id "${force}"` });
      });
      a.allies.forEach((ally, k) => {
        if (!armies.has(ally)) problems.push({ file, path: `armies[${i}].allies[${k}]`, message: `unknown army id "${ally}"` });
      });
    });
  }

  if (problems.length > 0) throw new InputError(problems);
  return { id, version, weapons, units, forces, armies, unitForce };
}
