import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseFormation } from '../../src/model/formation.js';
import { loadBuiltinDataset } from '../../src/model/loadDatasheets.js';
import { DEFAULT_GEOMETRY, FRESH, shootEngagement, type ShootSetup } from '../../src/rulesets/netea/engine/engagements.js';
import type { EngagementSpec } from '../../src/rulesets/netea/model/spec.js';
import { cliArgs } from '../helpers/cli.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** A shooting engagement between two formations of the built-in data. */
export function shootSpec(attacker: string, target: string, setup: Partial<ShootSetup> = {}): EngagementSpec {
  const data = loadBuiltinDataset();
  return shootEngagement(parseFormation(data, attacker), parseFormation(data, target), {
    action: 'advance',
    crossfire: false,
    geometry: DEFAULT_GEOMETRY,
    attacker: FRESH,
    target: FRESH,
    ...setup,
  });
}

/** 4 Devastators shoot 8 Ork Boyz: the bench's shooting scenario. */
export const devastatorsAtBoyz = () => shootSpec('4 Devastator', '8 Ork Boyz');

/**
 * A formation whose points do not share evenly over its units, so the
 * points-lost sums are not whole numbers and merging must be exact.
 */
export function unevenPointsSpec(): EngagementSpec {
  const spec = shootSpec('4 Devastator', '8 Ork Boyz');
  for (const u of spec.formations[1]!.formation.units) u.points = 100 / 3;
  spec.formations[1]!.formation.points = 800 / 3;
  return spec;
}

export function tallyBytes(t: Float64Array): string {
  return Buffer.from(t.buffer, t.byteOffset, t.byteLength).toString('hex');
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI from the sources (no build), in the repository root unless `cwd` says otherwise. */
export function runCli(args: string[], options: { env?: Record<string, string>; cwd?: string; onSpawn?: (kill: (s: NodeJS.Signals) => void, pid: number) => void } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliArgs(), ...args], {
      cwd: options.cwd ?? REPO,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    options.onSpawn?.((s) => child.kill(s), child.pid!);
  });
}
