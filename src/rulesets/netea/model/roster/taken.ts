import type { Dataset } from '../../../../model/dataset.js';
import { pickUpgradeOptions, splitUpgradeOptions } from '../../../../model/formationUpgrades.js';
import { optionKey } from '../../../../model/optionKey.js';
import type { Army, Formation, Upgrade } from '../../../../model/schema.js';

/**
 * What a formation text of a list takes, by the list's ids: the formation, the size it is fielded
 * at (`@big`: twice its units), and each upgrade as offered and as picked (`+commander@chaplain`
 * joins a Chaplain): what the construction rules count. The text has been fielded already
 * (parseFormation), so every name in it is known.
 */
export interface Taken {
  formation: Formation;
  /** The size's multiple of the formation's units (1 unless `@big`, `@uge`, `@medium`, `@large`). */
  times: number;
  upgrades: Array<{ offered: Upgrade; picked: Upgrade }>;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

export function takenOf(data: Dataset, army: Army, text: string): Taken {
  const [head, ...upgradeTexts] = text.split('+').map((s) => s.trim());
  const at = head!.indexOf('@');
  const path = at < 0 ? head! : head!.slice(0, at);
  const options = at < 0 ? [] : head!.slice(at + 1).split(',').map(optionKey);
  const name = norm(path.slice(path.indexOf('/') + 1));
  const formation = army.formations.find((f) => f.id === name || norm(f.name) === name)!;
  const size = formation.sizes?.find((s) => options.includes(s.id));
  const upgrades = upgradeTexts.map((raw) => {
    const { name: upgradeName, options: picks } = splitUpgradeOptions(raw);
    const want = norm(upgradeName);
    const offered = army.upgrades.find((u) => formation.upgrades.includes(u.id) && (u.id === want || norm(u.name) === want))!;
    return { offered, picked: pickUpgradeOptions(data, offered, picks, text) };
  });
  return { formation, times: size?.times ?? 1, upgrades };
}

/** Whether an upgrade as picked fields `option` (its character, or a unit it adds): "+commander@chaplain" fields a Chaplain. */
export function picksOption(picked: Upgrade, option: string): boolean {
  return picked.character === option || picked.add.some((a) => a.unit === option);
}
