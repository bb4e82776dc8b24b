// The worker entry when the pool runs from the TypeScript sources (tests,
// `node --import tsx src/cli.ts`): registers tsx's ES-module loader in this
// thread, then loads worker.ts as the ES module it is.
//
// Why not `execArgv: ['--import', 'tsx']`: tsx registers its ES-module hooks
// on the main thread only, so in a worker only its CommonJS hook is active;
// piscina first tries require(), which compiles the sources to CommonJS where
// every imported binding is a getter call, several times slower in the hot
// loop. The top-level await below also makes piscina's require() attempt
// fail, so it falls back to import().
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

register(pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href, { data: {} });
const worker = await import('./worker.ts');
export default worker.default;
