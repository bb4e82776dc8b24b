import { resolve } from 'node:path';
import type { Command } from 'commander';
import { builtinDatasheetFiles, loadDatasheetFiles } from '../model/loadDatasheets.js';
import { requirePath } from './options.js';

interface ValidateOptions {
  standalone?: boolean;
}

/**
 * `validate [files...]`: checks datasheet files against the schema and every
 * reference in them. By default they are checked together with the built-in
 * data, so a new army may use the built-in weapons; `--standalone` checks
 * them alone. No files: the built-in datasheets themselves.
 */
export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check datasheet files: schema, types, and every weapon, unit and upgrade reference')
    .argument('[files...]', 'datasheet JSON files (default: the built-in datasheets)')
    .option('--standalone', 'check the files on their own, not together with the built-in data')
    .addHelpText('after', '\nExample:\n  epic-balance validate my-army.json')
    .action((files: string[], o: ValidateOptions) => {
      // The files as given (messages name them so); a built-in one given again is checked once.
      for (const f of files) requirePath('[files...]', f);
      const own = files.map((f) => resolve(f));
      const builtin = builtinDatasheetFiles();
      const set = own.length === 0 ? builtin : o.standalone ? files : [...builtin.filter((b) => !own.includes(b)), ...files];
      const data = loadDatasheetFiles(set, 'validate');
      const armies = [...data.armies.values()];
      const formations = armies.reduce((s, a) => s + a.formations.length, 0);
      process.stdout.write(
        `ok: ${own.length === 0 ? 'built-in datasheets' : own.length + ' file(s)'} valid` +
          ` (${data.units.size} units, ${data.weapons.size} weapons, ${armies.length} army lists, ${formations} formations checked${own.length > 0 && !o.standalone ? ' with the built-in data' : ''})\n`,
      );
    });
}
