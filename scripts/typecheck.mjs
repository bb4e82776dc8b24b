// `tsc --noEmit` for the library and for the playground (site/), side by side: the two projects
// share nothing to build, and one after the other they took 23 s of the test command on the
// 2-core machine (13.7 s and 9.1 s). Exits with the first failure's code, after both have printed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const check = (args) => new Promise((resolve) => spawn(process.execPath, [tsc, '--noEmit', ...args], { stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1)));
const codes = await Promise.all([check([]), check(['-p', 'site'])]);
process.exitCode = codes.find((c) => c !== 0) ?? 0;
