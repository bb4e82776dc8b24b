import type { Dataset } from '../../../../model/dataset.js';
import { displayPath } from '../../../../model/displayPath.js';
import { parseFormation, type FormationSpec } from '../../../../model/formation.js';
import { InputError } from '../../../../model/inputError.js';
import { describeIssues } from '../../../../model/describeIssues.js';
import { readJsonFile } from '../../../../model/readJsonFile.js';
import { checkRoster } from '../../model/roster/check.js';
import { formationText, RosterFile, ROSTER_FORMAT, ROSTER_SCHEMA_FILE } from '../../model/roster/listFile.js';
import type { MatchupSide } from './matchupResult.js';

/** A formation's name without its army list's name in front ("Tactical" for "Codex Astartes Space Marines Tactical"): the matchup's rows and columns name the list. */
export function formationShortName(data: Dataset, spec: FormationSpec): string {
  const army = spec.armyId === null ? undefined : data.armies.get(spec.armyId)?.name;
  return army !== undefined && spec.name.startsWith(`${army} `) && spec.name.length > army.length + 1 ? spec.name.slice(army.length + 1) : spec.name;
}

/** A list file read for a matchup: the file, and the list as written. */
export function readMatchupList(path: string): { path: string; file: string; roster: RosterFile } {
  const file = displayPath(path);
  const json = readJsonFile(path, file);
  const format = typeof json === 'object' && json !== null ? (json as { format?: unknown }).format : undefined;
  if (format !== ROSTER_FORMAT) {
    throw new InputError([{ file, path: 'format', message: `not a list file: expected "format": "${ROSTER_FORMAT}" (${ROSTER_SCHEMA_FILE}; \`roster import\` writes one)` }]);
  }
  const parsed = RosterFile.safeParse(json);
  if (!parsed.success) throw new InputError(describeIssues(parsed.error.issues, file, ROSTER_SCHEMA_FILE).slice(0, 1));
  return { path, file, roster: parsed.data };
}

/**
 * A list as a matchup fields it, from the data set in use: a list written against another data
 * set or version is refused (its prices and formations may differ: `roster check` re-prices it),
 * except the data that --datasheet overlays are laid over (the overlays re-price it),
 * and so is a formation the data set cannot field. The list's construction breaches are returned,
 * not refused: a matchup of a list that breaks a rule is still a matchup, and says so.
 */
export function matchupSide(data: Dataset, list: { file: string; roster: RosterFile }): { side: MatchupSide; specs: FormationSpec[]; breaches: string[] } {
  const { file, roster } = list;
  // With --datasheet overlays, a list written against the data they are laid over is theirs to re-price.
  const under = data.overlays !== undefined && data.overlays.length > 0 ? data.version.split(' + ')[0]! : data.version;
  if (roster.data.set !== data.id || (roster.data.version !== data.version && roster.data.version !== under)) {
    throw new InputError([{ file, path: 'data', message: `written against ${roster.data.set} ${roster.data.version}, but the data set in use is ${data.id} ${data.version}; expected a list of the same data version${under !== data.version ? ` or of ${under}, the data the --datasheet overlays are laid over` : ''} (\`roster check ${file}\` re-prices it; then set "data.version")` }]);
  }
  const check = checkRoster(data, roster, file);
  const refused = check.formations.find((f) => f.error !== undefined);
  if (refused !== undefined) throw new InputError([{ file, path: `formations[${refused.index - 1}]`, message: `"${refused.text}" cannot be fielded: ${refused.error}` }]);
  const specs = roster.formations.map((f) => parseFormation(data, formationText(f)));
  const points = specs.reduce((t, s) => t + (s.points ?? 0), 0);
  const side: MatchupSide = {
    name: roster.name,
    file,
    army: check.army,
    points,
    formations: specs.map((s) => ({ text: s.text, name: formationShortName(data, s), points: s.points ?? 0, weight: (s.points ?? 0) / points })),
    unsimulated: check.upgrades,
  };
  return { side, specs, breaches: check.breaches.filter((b) => b.rule !== 'formation').map((b) => b.message) };
}
