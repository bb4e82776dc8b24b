import { Option, type Command } from 'commander';
import { InputError } from '../model/inputError.js';
import { DEFAULT_SEED } from '../model/runDefaults.js';
import { DEFAULT_RANK_WIDTH, DEFAULT_SPACING } from '../model/engagementGeometry.js';

/** Commander's accumulator for a repeatable option (`--support A --support B`). */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** A flag's value failed its check: one problem naming the option and what it accepts. */
export function badOption(option: string, got: string, expected: string): InputError {
  return new InputError([{ file: `option ${option}`, path: '', message: `expected ${expected}, got "${got}"` }]);
}

/** Parses a whole number >= min for commander, failing with a clear message. */
export function wholeNumber(option: string, min: number) {
  return (value: string): number => {
    if (!/^[0-9]+$/.test(value.trim())) throw badOption(option, value, `a whole number of at least ${min}`);
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min) throw badOption(option, value, `a whole number of at least ${min}`);
    return n;
  };
}

/**
 * Parses a path option (--data): an empty one is refused rather than read as
 * no option at all, which would silently use the built-in data for a
 * `--data "$TP"` whose variable is unset.
 */
export function pathOption(option: string) {
  return (value: string): string => {
    if (value.trim() === '') throw badOption(option, value, 'a path');
    return value;
  };
}

/**
 * Parses --seed: any text but an empty or blank one (either reads as a slip
 * of the shell, `--seed "$SEED"` with SEED unset or `--seed " "`).
 */
export function seedText(value: string): string {
  if (value.trim() === '') throw badOption('--seed', value, `a seed: any non-empty text, e.g. "${DEFAULT_SEED}"`);
  return value;
}

/**
 * A path argument (not an option) that must not be empty: `import-tp "$TP"`
 * with TP unset names no checkout, and reading "" would report a nameless file.
 */
export function requirePath(argument: string, value: string): string {
  if (value.trim() === '') throw new InputError([{ file: `argument ${argument}`, path: '', message: `expected a path, got "${value}"` }]);
  return value;
}

/** Parses a non-negative number (cm and the like). */
export function nonNegativeNumber(option: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw badOption(option, value, 'a number of at least 0');
    return n;
  };
}

/** A number of points above 0 (`--cost`), failing with a clear message. */
export function positivePoints(option: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw badOption(option, value, 'a points cost above 0, e.g. 250');
    return n;
  };
}

/** --rank-width and --spacing: the engagement model's ranks (README: the engagement model). */
/** Also --out, which every one-step command offers. */
export function addRankOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--rank-width <n>', 'units per rank').default(DEFAULT_RANK_WIDTH).argParser(wholeNumber('--rank-width', 1)))
    .addOption(new Option('--spacing <cm>', 'distance between ranks and between neighbours').default(DEFAULT_SPACING).argParser(nonNegativeNumber('--spacing')))
    .option('--out <dir>', 'also write a report folder: report.html, CSV, Vega-Lite, SVG and PNG charts, manifest.json');
}

/**
 * --datasheet <file>, repeatable: overlays of units, weapons, formations and
 * costs laid over the data set the command reads (model/datasheetOverlay.ts):
 * the action passes its `datasheet` option to every loadDataset it calls (and
 * merge, replaying a piece's command line, parses them again); NetEA and the
 * 2004 rulebook only, the other rule systems reading data of their own
 * (`refusal` gives, for a `--rules` name, why its data takes none, cli/registry.ts;
 * a command only NetEA has, with no --rules, gives none).
 */
export function addDatasheetOption(cmd: Command, refusal?: (rules: string) => string | undefined): Command {
  return cmd
    .addOption(new Option('--datasheet <file>', 'lay this datasheet overlay over the data (repeatable): new or changed units, weapons, formations and costs; every report names it').default([]).argParser((value: string, previous: string[]) => [...previous, pathOption('--datasheet')(value)]))
    .hook('preAction', (_cmd, action) => {
      const o = action.opts<{ datasheet?: string[]; rules?: string }>();
      const why = (o.datasheet ?? []).length > 0 && o.rules !== undefined ? refusal?.(o.rules) : undefined;
      if (why !== undefined) throw new InputError([{ file: 'option --datasheet', path: '', message: `not available under --rules ${o.rules}: ${why}` }]);
    });
}
