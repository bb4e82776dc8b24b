// `npm test`: the type check (scripts/typecheck.mjs) and the test suite (`vitest run`, with the
// arguments given) side by side instead of one after the other. They read the sources and write
// nothing the other reads. On the 2-core machine the type check is about 25 s of CPU time that ran
// before the suite started (its two tsc processes leave one core idle once the shorter ends); beside
// the suite it fills the time vitest spends starting up and bundling. The type check's output is
// held until the suite ends, so that it does not break into vitest's report. Exits with the type
// check's code if it failed, else the suite's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const vitest = createRequire(import.meta.url).resolve('vitest/vitest.mjs');
const typecheck = fileURLToPath(new URL('./typecheck.mjs', import.meta.url));

let held = '';
const check = new Promise((resolve) => {
  const child = spawn(process.execPath, [typecheck], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (held += d));
  child.stderr.on('data', (d) => (held += d));
  child.on('close', (code) => resolve(code ?? 1));
});
const suite = new Promise((resolve) => spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1)));

const [checkCode, suiteCode] = await Promise.all([check, suite]);
if (held !== '') process.stdout.write(held);
if (checkCode !== 0) process.stderr.write(`npm test: the type check failed (exit ${checkCode}): ${held === '' ? 'see above' : 'its errors are printed above'}\n`);
process.exitCode = checkCode !== 0 ? checkCode : suiteCode;
