import { describeEngagement, type EngagementKind, type EngagementSettings } from '../reports/engagementKinds.js';
import { runMatrix, type MatrixResult } from '../reports/matrix.js';
import { countTrials } from '../run/interrupt.js';
import { ChunkPool } from '../run/pool.js';
import { simulate } from '../run/simulate.js';
import { type SimOptions } from './simOptions.js';
export interface MatrixOptions extends SimOptions {
  vs: string;
  engagement?: EngagementKind;
  battle?: string;
  metric?: string;
  action: EngagementSettings['action'];
  gap?: number;
  out?: string;
}

export function printMatrix(m: MatrixResult): void {
  const w = 8;
  let s = `Points destroyed per 100 points: ${m.rows.army.name} (rows) acting on ${m.cols.army.name} (columns), ${m.described ?? describeEngagement(m.engagement)}\n\n`;
  s += m.cols.formations.map((c, j) => `  [${j + 1}] ${c.label}\n`).join('') + '\n';
  s += `${''.padEnd(40)}${m.cols.formations.map((_, j) => `[${j + 1}]`.padStart(w)).join('')}\n`;
  m.rows.formations.forEach((r, i) => {
    const label = r.label.length > 38 ? r.label.slice(0, 37) + '…' : r.label;
    s += `${label.padEnd(40)}${m.cols.formations.map((_, j) => m.cells.find((c) => c.row === i && c.col === j)!.per100.mean.toFixed(1).padStart(w)).join('')}\n`;
  });
  const skipped = [...m.rows.skipped.map((x) => [m.rows.army.name, x] as const), ...m.cols.skipped.map((x) => [m.cols.army.name, x] as const)];
  if (skipped.length > 0) s += `\nskipped: ${skipped.map(([army, x]) => `${army} ${x.name} (${x.reason})`).join('; ')}\n`;
  process.stdout.write(s);
}

/** The --json contract of matrix (extend it, never rename a field). */
export function matrixJson(m: MatrixResult) {
  return {
    army: m.rows.army,
    vs: m.cols.army,
    engagement: m.engagement,
    rows: m.rows.formations.map((f) => ({ id: f.id, name: f.spec.name, points: f.spec.points })),
    cols: m.cols.formations.map((f) => ({ id: f.id, name: f.spec.name, points: f.spec.points })),
    skipped: { rows: m.rows.skipped, cols: m.cols.skipped },
    cells: m.cells.map(({ elapsedMs: _elapsed, ...c }) => c),
  };
}

/**
 * Runs a matrix on one worker pool for all its cells, several cells in flight
 * (a cell is often a single chunk). Ctrl-C is the process's one handler
 * (workers/interrupt.ts), which counts the trials of finished chunks.
 * Used by `matrix` and by `run` for matrix experiments.
 */
export async function runMatrixOnPool(
  cells: Pick<Parameters<typeof runMatrix>[0], 'rows' | 'cols' | 'engagement' | 'build'>,
  o: { seed: string; trials: number; chunkSize: number; workers: number; quiet?: boolean },
  label: string,
): Promise<MatrixResult> {
  const tty = process.stderr.isTTY === true && o.quiet !== true;
  const pool = new ChunkPool({ workers: o.workers });
  countTrials(0);
  try {
    return await runMatrix({
      ...cells,
      run: (job) => {
        let counted = 0;
        return simulate({
          ...job,
          seed: o.seed,
          trials: o.trials,
          chunkSize: o.chunkSize,
          pool,
          onProgress: (p) => {
            countTrials(p.trialsDone - counted);
            counted = p.trialsDone;
          },
        });
      },
      concurrency: Math.max(2, o.workers * 2),
      ...(tty ? { onCell: (done: number, total: number) => process.stderr.write(`\r${label}: ${done}/${total} cells${done === total ? '\n' : ''}`) } : {}),
    });
  } finally {
    await pool.destroy();
  }
}
