import { readFileSync } from 'node:fs';
import { packageFile } from './packageFiles.js';
import type { RunReport } from './report.js';
import { rulesName } from '../model/registry.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON safe inside a <script> element. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** A library's code safe inside a <script> element. */
const scriptCode = (code: string) => code.replace(/<\/(script)/gi, '<\\/$1');

let libraries: string | undefined;

/** vega, vega-lite and vega-embed, read from node_modules once, as inline scripts. */
function inlineLibraries(): string {
  libraries ??= [
    packageFile('vega', 'build/vega.min.js'),
    packageFile('vega-lite', 'build/vega-lite.min.js'),
    packageFile('vega-embed', 'build/vega-embed.min.js'),
  ]
    .map((f) => `<script>\n${scriptCode(readFileSync(f, 'utf8'))}\n</script>`)
    .join('\n');
  return libraries;
}

const STYLE = `
body { font-family: 'DejaVu Sans', Verdana, sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; }
h2 { font-size: 1.25rem; border-bottom: 1px solid #ddd; padding-bottom: 0.2rem; margin-top: 2.2rem; }
.meta { color: #555; font-size: 0.9rem; }
pre { background: #f5f5f5; padding: 0.6rem 0.8rem; overflow-x: auto; border-radius: 4px; }
ul.definitions { font-size: 0.85rem; color: #444; padding-left: 1.2rem; }
ul.summary li { margin: 0.15rem 0; }
.chart { margin: 0.8rem 0; }
.files { font-size: 0.8rem; color: #666; }
.notes { background: #fff8e1; padding: 0.5rem 1rem; border-left: 3px solid #f0b400; }
`;

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/**
 * The run's facts under the title, and the command that reproduces it. A
 * report of several parts gives each part's trials, seed and chunks and its
 * own command, since one figure for all would be true of none.
 */
function runFacts(m: RunReport['meta']): string {
  const rest = `rules ${escapeHtml(rulesName(m.rules))} · data ${escapeHtml(m.data.id)} ${escapeHtml(m.data.version)} · epic-balance ${escapeHtml(m.toolVersion)} · all intervals 95%`;
  if (m.parts === undefined) {
    return `<p class="meta">${m.trials.toLocaleString('en')} trials per simulation (${plural(m.simulations, 'simulation')}, chunks of ${m.chunkSize.toLocaleString('en')}) · seed "${escapeHtml(m.seed)}" · ${rest}</p>
<p>Reproduce this run:</p>
<pre><code>${escapeHtml(m.command)}</code></pre>`;
  }
  const parts = m.parts.map(
    (p) => `<li><strong>${escapeHtml(p.name)}</strong>: ${p.trials.toLocaleString('en')} trials per simulation (${plural(p.simulations, 'simulation')}, chunks of ${p.chunkSize.toLocaleString('en')}), seed "${escapeHtml(p.seed)}"<pre><code>${escapeHtml(p.command)}</code></pre></li>`,
  );
  return `<p class="meta">${plural(m.parts.length, 'part')}, each with its own trials (below) · ${plural(m.simulations, 'simulation')} · ${rest}</p>
<p>Reproduce this run:</p>
<pre><code>${escapeHtml(m.command)}</code></pre>
<p>Or each part alone, with the same numbers:</p>
<ul class="parts">${parts.join('')}</ul>`;
}

/**
 * One self-contained page for a run: every chart interactive (vega-embed,
 * tooltips on hover), the metric definitions in one line each, the headline
 * numbers and the command that reproduces the run. Opens offline: the Vega
 * libraries are inlined.
 */
export function reportHtml(report: RunReport): string {
  const m = report.meta;
  const specs: Record<string, unknown> = {};
  const sections = report.sections.map((s) => {
    const charts = s.charts.map((c) => {
      specs[c.name] = c.spec;
      return `<div class="chart" id="chart-${escapeHtml(c.name)}" data-chart="${escapeHtml(c.name)}"></div>`;
    });
    const files = [...s.tables.map((t) => `${t.name}.csv`), ...s.charts.flatMap((c) => [`${c.name}.svg`, `${c.name}.png`, `${c.name}.vl.json`])];
    return [
      `<section id="${escapeHtml(s.id)}">`,
      `<h2>${escapeHtml(s.title)}</h2>`,
      s.summary.length ? `<ul class="summary">${s.summary.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : '',
      ...charts,
      `<ul class="definitions">${s.definitions.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>`,
      `<p class="files">Files: ${files.map((f) => `<a href="${escapeHtml(f)}">${escapeHtml(f)}</a>`).join(' · ')}</p>`,
      `</section>`,
    ].join('\n');
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(m.title)}</title>
<style>${STYLE}</style>
${inlineLibraries()}
</head>
<body>
<h1>${escapeHtml(m.title)}</h1>
${runFacts(m)}
${m.notes.length ? `<div class="notes"><ul>${m.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul></div>` : ''}
${sections.join('\n')}
<p class="files">Run facts: <a href="manifest.json">manifest.json</a></p>
<script type="application/json" id="specs">${scriptJson(specs)}</script>
<script>
(function () {
  var specs = JSON.parse(document.getElementById('specs').textContent);
  var names = Object.keys(specs);
  Promise.all(names.map(function (name) {
    return vegaEmbed('#chart-' + name, specs[name], { renderer: 'svg', actions: { export: true, source: true, compiled: false, editor: false } });
  })).then(function () {
    document.body.setAttribute('data-rendered', String(names.length));
  }, function (e) {
    document.body.setAttribute('data-rendered', 'error');
    console.error(e);
  });
})();
</script>
</body>
</html>
`;
}
