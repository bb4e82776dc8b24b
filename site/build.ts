import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { builtinDatasheetFiles, loadBuiltinDataset } from '../src/model/loadDatasheets.js';
import { projectRoot, toolVersion } from '../src/model/projectRoot.js';
import * as runDefaults from '../src/model/runDefaults.js';

/**
 * `npm run site`: bundles the playground (site/) with esbuild into site-dist/
 * (git-ignored): index.html, style.css, main.js (the page, the engine and
 * the built-in data), worker.js (the engine, for the Web Workers), vega.js
 * (the chart library, loaded when there is a chart to draw), tp.js (the
 * Tournament Pack importer, loaded when a checkout is picked) and lists.js
 * (the list panel: the roster importers with their mapping tables and the
 * matchup, loaded when the panel is opened or a matchup link followed). Classic
 * scripts, not modules, so the page also opens from the folder (file://),
 * where it runs in one thread.
 */

export interface BuiltFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface SiteBuild {
  dir: string;
  files: BuiltFile[];
}

const SITE = join(projectRoot(), 'site');

/** The built-in datasheets as the module `epic-balance:builtin-data` (site/src/builtinData.d.ts). */
function builtinDataPlugin(): Plugin {
  return {
    name: 'epic-balance-builtin-data',
    setup(b) {
      b.onResolve({ filter: /^epic-balance:builtin-data$/ }, (a) => ({ path: a.path, namespace: 'epic-balance' }));
      b.onLoad({ filter: /.*/, namespace: 'epic-balance' }, () => {
        const files = builtinDatasheetFiles().map((path) => ({
          name: `datasheets/${basename(path)}`,
          // Whitespace dropped: the page parses the same JSON values as the command line.
          text: JSON.stringify(JSON.parse(readFileSync(path, 'utf8'))),
        }));
        // The version string the command line gives the same files (a hash of their names and texts).
        const version = loadBuiltinDataset().version;
        return {
          contents: `export const files = ${JSON.stringify(files)};\nexport const version = ${JSON.stringify(version)};\nexport const toolVersion = ${JSON.stringify(toolVersion())};\n`,
          loader: 'js',
          watchFiles: builtinDatasheetFiles(),
        };
      });
    },
  };
}

/**
 * src/sim/rng.ts replaced by site/src/engine/rng.ts in the page's bundles: the
 * same generator with its state in an Int32Array, which Chromium's V8
 * (pointer compression) runs about 4 times faster (see that file).
 */
function browserRngPlugin(): Plugin {
  const browserRng = join(SITE, 'src/engine/rng.ts');
  const nodeRng = join(projectRoot(), 'src/sim/rng.ts');
  return {
    name: 'epic-balance-browser-rng',
    setup(b) {
      b.onResolve({ filter: /\/rng\.js$/ }, (a) => (join(a.resolveDir, a.path.replace(/\.js$/, '.ts')) === nodeRng ? { path: browserRng } : undefined));
    },
  };
}

/**
 * src/rulesets/netea/game/gameRunner.ts replaced by site/src/engine/noGameRunner.ts
 * in the page's bundles: the scenario registry compiles whole games too, which the
 * page never plays; without it the game engine (and its table files' schema) came
 * into worker.js and main.js with the registry.
 */
function noGamePlugin(): Plugin {
  const noGame = join(SITE, 'src/engine/noGameRunner.ts');
  const gameRunner = join(projectRoot(), 'src/rulesets/netea/game/gameRunner.ts');
  return {
    name: 'epic-balance-no-game',
    setup(b) {
      b.onResolve({ filter: /\/gameRunner\.js$/ }, (a) => (join(a.resolveDir, a.path.replace(/\.js$/, '.ts')) === gameRunner ? { path: noGame } : undefined));
    },
  };
}

/**
 * node:fs, node:path, node:crypto and node:child_process for tp.js, the
 * Tournament Pack importer (src/model/tp) run in the browser on a picked
 * folder or zip: answered from memory by site/src/tp/node/*.ts.
 */
function nodeShimPlugin(): Plugin {
  return {
    name: 'epic-balance-node-shims',
    setup(b) {
      b.onResolve({ filter: /^node:(fs|path|crypto|child_process|url)$/ }, (a) => ({ path: join(SITE, 'src/tp/node', `${a.path.slice(5)}.ts`) }));
    },
  };
}

/**
 * zod's index of locales (the error messages of some forty languages, about 170 kB, kept whole
 * because zod re-exports it as a namespace) answered with English alone: the playground's
 * messages are English, as the command line's.
 */
function zodEnglishOnlyPlugin(): Plugin {
  return {
    name: 'epic-balance-zod-english-only',
    setup(b) {
      b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (a) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(a.importer) ? { path: join(a.resolveDir, '../locales/en.js'), namespace: 'zod-english' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'zod-english' }, (a) => ({ contents: `export { default as en } from ${JSON.stringify(a.path)};`, loader: 'js', resolveDir: dirname(a.path) }));
    },
  };
}

/**
 * index.html with its form's defaults (`{{DEFAULT_TRIALS}}` and the like) filled from
 * src/model/runDefaults.ts, the module the command line's options read, so the page's
 * empty form shows the command line's defaults. An unknown name fails the build.
 */
function indexHtml(): string {
  return readFileSync(join(SITE, 'index.html'), 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = (runDefaults as Record<string, string | number>)[name];
    if (value === undefined) throw new Error(`site/index.html: {{${name}}} names no default of src/model/runDefaults.ts`);
    return String(value);
  });
}

/**
 * Builds the site into `outDir` (default site-dist/ at the package root),
 * whole or not at all: into a temporary folder beside it, then renamed.
 */
export async function buildSite(outDir = join(projectRoot(), 'site-dist'), options: { minify?: boolean } = {}): Promise<SiteBuild> {
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    await build({
      entryPoints: { main: join(SITE, 'src/main.ts'), worker: join(SITE, 'src/worker.ts'), vega: join(SITE, 'src/vega.ts'), tp: join(SITE, 'src/tp/entry.ts'), lists: join(SITE, 'src/rulesets/netea/lists/entry.ts') },
      outdir: tmp,
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: ['chrome100', 'firefox100', 'safari15'],
      minify: options.minify ?? true,
      legalComments: 'eof',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [builtinDataPlugin(), browserRngPlugin(), noGamePlugin(), nodeShimPlugin(), zodEnglishOnlyPlugin()],
      logLevel: 'silent',
    });
    writeFileSync(join(tmp, 'index.html'), indexHtml());
    copyFileSync(join(SITE, 'style.css'), join(tmp, 'style.css'));
    rmSync(outDir, { recursive: true, force: true });
    renameSync(tmp, outDir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  const files = ['index.html', 'style.css', 'main.js', 'worker.js', 'vega.js', 'tp.js', 'lists.js'].map((file) => {
    const bytes = statSync(join(outDir, file)).size;
    return { file, bytes, gzipBytes: gzipSync(readFileSync(join(outDir, file))).length };
  });
  return { dir: outDir, files };
}

const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const built = await buildSite();
  process.stdout.write(`built the playground in ${relative(process.cwd(), built.dir) || '.'}/\n`);
  for (const f of built.files) process.stdout.write(`  ${f.file.padEnd(11)} ${kB(f.bytes).padStart(8)}  (${kB(f.gzipBytes)} gzipped)\n`);
  process.stdout.write('serve it with: npx epic-balance serve\n');
}
