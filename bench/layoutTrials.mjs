// node layoutTrials.mjs <distDir> <scenario> <trials> <padArrays> [seed]
const [dist, id, count, padCount, seed = 'instructions'] = process.argv.slice(2);
const { rngFromSeed } = await import(`${dist}/src/sim/rng.js`);
const { compileScenario } = await import(`${dist}/src/scenarios/registry.js`);
const sc = await import(`${dist}/bench/scenarios.js`);
const all = [...sc.SCENARIOS, ...sc.EPIC40K_SCENARIOS, ...sc.HERESY_SCENARIOS, ...sc.GAME_SCENARIOS];
const scenario = all.find((s) => s.id === id);
const pad = [];
for (let i = 0; i < Number(padCount); i++) pad.push(new Int32Array(3));
const runner = compileScenario(scenario.build());
globalThis.keep = pad;
runner.run(rngFromSeed(seed), Number(count), new Float64Array(runner.layout.length));
