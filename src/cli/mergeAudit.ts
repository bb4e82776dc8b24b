import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { InputError } from '../model/inputError.js';
import { withPiecesCommand } from '../reports/outTarget.js';
import type { FormationValue } from '../reports/value/formationValue.js';
import { AUDIT_PARTIAL_KIND, replayAuditValues, restoreInfinity, type AuditPartial } from './audit.js';
import { registerAudit } from './auditCommand.js';
import { SimulationRunner } from './simulationRunner.js';

/** True when the file is a piece of an audit split with --chunks (read as JSON; anything else is not). */
export function isAuditPartial(path: string): boolean {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { kind?: unknown }).kind === AUDIT_PARTIAL_KIND;
  } catch {
    return false;
  }
}

function readAuditPartial(path: string): AuditPartial {
  const json = JSON.parse(readFileSync(path, 'utf8'), restoreInfinity) as AuditPartial;
  if (json.version !== 1 || !Array.isArray(json.values) || !Array.isArray(json.command)) {
    throw new InputError([{ file: path, path: '', message: 'expected an audit partial result of version 1 (written by `audit --chunks A-B`)' }]);
  }
  return json;
}

/**
 * Merges the pieces of one audit: they must come from the same command line
 * and inputs, and cover every audited formation exactly once. Then the
 * original command runs again with the merged values in place of its
 * simulations, so it prints and writes what the whole audit does.
 */
export async function mergeAuditPieces(files: string[], json: boolean): Promise<void> {
  const pieces = files.map((f) => ({ file: f, part: readAuditPartial(f) }));
  const first = pieces[0]!.part;
  for (const p of pieces) {
    if (p.part.key !== first.key || JSON.stringify(p.part.command) !== JSON.stringify(first.command)) {
      throw new InputError([{ file: p.file, path: 'key', message: `a piece of another audit (command ${JSON.stringify(p.part.command.join(' '))}, not ${JSON.stringify(first.command.join(' '))}); merge pieces of one audit only` }]);
    }
  }
  const values = new Array<FormationValue | undefined>(first.audited);
  for (const { file, part } of pieces) {
    part.values.forEach((v, i) => {
      const at = part.range.first + i;
      if (values[at] !== undefined) throw new InputError([{ file, path: 'range', message: `formation ${at} is also in another piece: the pieces overlap` }]);
      values[at] = v;
    });
  }
  const missing = values.findIndex((v) => v === undefined);
  if (missing >= 0) throw new InputError([{ file: 'merge', path: '', message: `audited formation ${missing} (of 0-${first.audited - 1}) is in no piece: merge every piece` }]);
  const program = new Command('epic-balance').exitOverride();
  // The pieces' values are replayed by replayAuditValues; nothing here simulates.
  registerAudit(program, SimulationRunner.replaying([]));
  for (const sub of program.commands) sub.exitOverride();
  const [name, ...rest] = first.command;
  const flags = ['--quiet', ...(json && !rest.includes('--json') ? ['--json'] : [])];
  await withPiecesCommand(first.command, () => replayAuditValues({ key: first.key, command: first.command, values: values as FormationValue[] }, () => program.parseAsync(['node', 'epic-balance', name!, ...flags, ...rest])));
}
