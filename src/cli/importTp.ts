import type { Command } from 'commander';
import { formatImportReport } from '../model/tp/report.js';
import { importTournamentPack } from '../model/tp/importer.js';
import { requirePath } from './options.js';

/**
 * `epic-balance import-tp <path> [--json]`: reads a NetEA Tournament Pack checkout and
 * prints what it mapped, per kind, and every item it could not represent with the reason.
 */
export function registerImportTp(program: Command): void {
  program
    .command('import-tp')
    .description('import a NetEA Tournament Pack checkout (dsusco/tp.net-armageddon.org) and report what maps to the data model')
    .argument('<path>', 'the checkout (the folder holding _site), or its _site folder')
    .option('--json', 'print the full import report as JSON')
    .addHelpText('after', '\nExample:\n  epic-balance import-tp ../netea-tp\n  epic-balance list --data ../netea-tp   (then use the checkout with --data in any command)')
    .action((path: string, opts: { json?: boolean }) => {
      const { report } = importTournamentPack(requirePath('<path>', path));
      process.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatImportReport(report)}\n`);
    });
}
