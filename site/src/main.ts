import type embedFunction from 'vega-embed';
import { assaultJob, jobJson, shootJob, type OneStepJob } from '../../src/commands/oneStepJobs.js';
import type { Dataset } from '../../src/model/dataset.js';
import { formationVariants } from '../../src/model/formationChoice.js';
import { InputError, type Problem } from '../../src/model/inputError.js';
import { outcomeAt, type FormationOutcome, type Mean, type Probability } from '../../src/reports/aggregate.js';
import { toCsv } from '../../src/reports/csv.js';
import { commandLine, type RunMeta } from '../../src/reports/report.js';
import { scriptReport } from '../../src/reports/sections/scriptReport.js';
import type { RunResult } from '../../src/workers/simulate.js';
import { builtinDataset, toolVersion } from './data.js';
import { assaultWords, hasScenario, parseHash, parseWords, runNumbers, shootWords, toArgv, toHash, type Command, type PageScenario } from './hash.js';
import { RunStopped, startRun, type BrowserRun } from './run.js';

/**
 * The playground page: a form in the command line's words, the URL hash
 * holding the same words (hash.ts), runs on Web Workers (run.ts) and the
 * results as the command line and report.html give them.
 */

type VegaEmbed = typeof embedFunction;
type EmbedSpec = Parameters<VegaEmbed>[1];

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const input = (id: string) => $<HTMLInputElement>(id);

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const num = (x: number) => x.toFixed(2);
const interval = (ci: [number, number], f: (x: number) => string) => `${f(ci[0])} – ${f(ci[1])}`;

let data: Dataset;
let current: BrowserRun | null = null;
let lastHash = '';
let runCount = 0;

function setState(state: 'ready' | 'running' | 'done' | 'error' | 'stopped'): void {
  document.body.dataset.state = state;
}

/* ---------- the form ---------- */

function command(): Command {
  return (document.querySelector<HTMLInputElement>('input[name=command]:checked')?.value ?? 'shoot') as Command;
}

function showCommand(c: Command): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-for]')) el.hidden = el.dataset.for !== c;
  input('gap').placeholder = c === 'shoot' ? '30' : '10';
  input('formation').dataset.option = c;
}

const lines = (id: string) => $<HTMLTextAreaElement>(id).value.split('\n').map((l) => l.trim()).filter((l) => l !== '');

/** The form as the hash's words (hash.ts), so the form and a link are read by the same code. */
function formWords(): Array<[string, string | null]> {
  const c = command();
  const w: Array<[string, string | null]> = [[c, input('formation').value.trim()], ['at', input('at').value.trim()]];
  const text = (key: string, skip = '') => {
    const v = input(key).value.trim();
    if (v !== '' && v !== skip) w.push([key, v]);
  };
  const flag = (key: string) => {
    if (input(key).checked) w.push([key, null]);
  };
  if (c === 'assault') {
    for (const s of lines('support')) w.push(['support', s]);
    for (const s of lines('target-support')) w.push(['target-support', s]);
  } else {
    const action = $<HTMLSelectElement>('action').value;
    if (action !== 'advance') w.push(['action', action]);
  }
  text('gap');
  if (c === 'assault') text('support-gap');
  const cover = $<HTMLSelectElement>('cover').value;
  if (cover === 'obscured') w.push(['cover', null]);
  else if (cover !== '') w.push(['cover', cover]);
  if (c === 'shoot') flag('crossfire');
  text('bm', '0');
  text('target-bm', '0');
  flag('target-broken');
  flag('test');
  if (c === 'assault') text('contact');
  if (c === 'shoot') {
    for (const f of lines('flak')) w.push(['flak', f]);
    flag('no-target-flak');
    text('cap');
    const phase = $<HTMLSelectElement>('phase').value;
    if (phase !== 'approach') w.push(['phase', phase]);
    flag('moved');
  }
  text('rank-width');
  text('spacing');
  text('trials');
  text('seed');
  text('chunk-size');
  text('workers');
  return w;
}

/** Puts a scenario into the form. */
function fillForm(s: PageScenario): void {
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name=command]')) r.checked = r.value === s.command;
  showCommand(s.command);
  const set = (id: string, v: string | number | undefined, empty = '') => (input(id).value = v === undefined ? empty : String(v));
  set('formation', s.formation);
  set('at', s.at);
  $<HTMLTextAreaElement>('support').value = (s.support ?? []).join('\n');
  $<HTMLTextAreaElement>('target-support').value = (s.targetSupport ?? []).join('\n');
  $<HTMLTextAreaElement>('flak').value = (s.flak ?? []).join('\n');
  $<HTMLSelectElement>('action').value = s.action ?? 'advance';
  $<HTMLSelectElement>('phase').value = s.phase ?? 'approach';
  const cover = $<HTMLSelectElement>('cover');
  const coverValue = s.cover === undefined ? '' : s.cover === true ? 'obscured' : s.cover;
  if (![...cover.options].some((o) => o.value === coverValue)) cover.add(new Option(`-1 to hit, ${coverValue}+ cover save`, coverValue));
  cover.value = coverValue;
  set('gap', s.gap);
  set('support-gap', s.supportGap);
  set('bm', s.bm, '0');
  set('target-bm', s.targetBm, '0');
  set('contact', s.contact);
  set('cap', s.cap);
  set('rank-width', s.rankWidth);
  set('spacing', s.spacing);
  set('trials', s.trials, '100000');
  set('seed', s.seed, 'epic-balance');
  set('chunk-size', s.chunkSize);
  set('workers', s.workers);
  for (const [id, v] of [['crossfire', s.crossfire], ['target-broken', s.targetBroken], ['test', s.test], ['no-target-flak', s.noTargetFlak], ['moved', s.moved]] as const) input(id).checked = v === true;
  // Options that are set are shown, so nothing hidden changes the numbers unseen.
  const more = document.querySelector<HTMLDetailsElement>('details.more')!;
  if (s.crossfire || s.targetBroken || s.test || s.bm || s.targetSupport?.length || s.supportGap !== undefined || s.contact !== undefined || s.flak?.length || s.noTargetFlak || s.cap !== undefined || s.phase !== undefined || s.moved || s.rankWidth !== undefined || s.spacing !== undefined || s.chunkSize !== undefined || s.workers !== undefined) more.open = true;
}

/* ---------- problems beside their fields ---------- */

const FORMATION_FIELDS = ['formation', 'at', 'support', 'target-support', 'flak', 'cap'];

function clearProblems(): void {
  for (const el of document.querySelectorAll<HTMLElement>('.error')) {
    el.hidden = true;
    el.textContent = '';
  }
  for (const el of document.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

/** The field a problem is about: the option it names, or the formation field holding the text it quotes. */
function fieldOf(p: Problem): string | null {
  const option = /^option (--[a-z-]+)$/.exec(p.file);
  if (option) {
    const el = document.querySelector<HTMLElement>(`[data-option="${option[1]}"]`);
    return el?.id ?? null;
  }
  const formation = /^formation "(.*)"$/s.exec(p.file);
  if (formation) {
    const text = formation[1]!.trim();
    for (const id of FORMATION_FIELDS) {
      const el = $<HTMLInputElement | HTMLTextAreaElement>(id);
      if (el.closest('[hidden]')) continue;
      if (el.value.trim() === text || el.value.split('\n').some((l) => l.trim() === text)) return id;
    }
  }
  if (p.file === command()) return 'formation';
  return null;
}

function showProblems(problems: Problem[]): void {
  clearProblems();
  let first: HTMLElement | null = null;
  for (const p of problems) {
    const id = fieldOf(p);
    const box = id !== null ? $(`${id}-error`) : null;
    const target = box ?? $('form-error');
    const message = id !== null ? (p.path ? `${p.path}: ${p.message}` : p.message) : `${p.file}${p.path ? `: ${p.path}` : ''}: ${p.message}`;
    target.textContent = target.textContent ? `${target.textContent}\n${message}` : message;
    target.hidden = false;
    if (id !== null) {
      $(id).setAttribute('aria-invalid', 'true');
      // A problem in a hidden "more options" field opens it.
      const more = $(id).closest('details');
      if (more) (more as HTMLDetailsElement).open = true;
      first ??= $(id);
    }
  }
  first?.focus();
}

function showError(e: unknown): void {
  if (e instanceof InputError) showProblems(e.problems);
  else showProblems([{ file: 'the page', path: '', message: `unexpected error: ${e instanceof Error ? e.message : String(e)}` }]);
  setState('error');
}

/* ---------- the army-list picker ---------- */

function pickedText(): string {
  const variant = $<HTMLSelectElement>('pick-variant').value;
  const ups = [...document.querySelectorAll<HTMLInputElement>('#pick-upgrades input:checked')].map((c) => c.value);
  return [variant, ...ups].join('+');
}

function fillPickerFormation(): void {
  const army = data.armies.get($<HTMLSelectElement>('pick-army').value)!;
  const f = army.formations.find((x) => x.id === $<HTMLSelectElement>('pick-formation').value)!;
  const variants = $<HTMLSelectElement>('pick-variant');
  variants.replaceChildren(...formationVariants(data, army.id, f.id).map((v, i) => new Option(i === 0 ? `as listed: ${f.units.map((u) => `${u.count} ${data.units.get(u.unit)?.name ?? u.unit}`).join(', ')}` : v.slice(v.indexOf('@') + 1), v)));
  const box = $('pick-upgrades');
  const legend = box.querySelector('legend')!;
  const items = f.upgrades.map((id) => {
    const u = army.upgrades.find((x) => x.id === id);
    const label = document.createElement('label');
    const check = document.createElement('input');
    check.type = 'checkbox';
    check.value = id;
    label.append(check, ` ${u?.name ?? id}${u ? ` (+${u.points} pts)` : ''}`);
    return label;
  });
  box.replaceChildren(legend, ...(items.length ? items : [Object.assign(document.createElement('span'), { textContent: 'none' })]));
  $('pick-text').textContent = pickedText();
}

function fillPickerArmy(): void {
  const army = data.armies.get($<HTMLSelectElement>('pick-army').value)!;
  $<HTMLSelectElement>('pick-formation').replaceChildren(...army.formations.map((f) => new Option(`${f.name} (${f.points} pts)`, f.id)));
  fillPickerFormation();
}

function setupPicker(): void {
  $<HTMLSelectElement>('pick-army').replaceChildren(...[...data.armies.values()].map((a) => new Option(a.name, a.id)));
  fillPickerArmy();
  $('pick-army').addEventListener('change', fillPickerArmy);
  $('pick-formation').addEventListener('change', fillPickerFormation);
  $('pick-variant').addEventListener('change', () => ($('pick-text').textContent = pickedText()));
  $('pick-upgrades').addEventListener('change', () => ($('pick-text').textContent = pickedText()));
  $('pick-attacker').addEventListener('click', () => {
    input('formation').value = pickedText();
    input('formation').focus();
  });
  $('pick-target').addEventListener('click', () => {
    input('at').value = pickedText();
    input('at').focus();
  });
  $('pick-support').addEventListener('click', () => {
    const ta = $<HTMLTextAreaElement>('support');
    ta.value = [...lines('support'), pickedText()].join('\n');
    ta.focus();
  });
  $('formation-refs').replaceChildren(...[...data.armies.values()].flatMap((a) => a.formations.map((f) => new Option(`${a.name}: ${f.name}`, `${a.id}/${f.id}`))));
}

/* ---------- results ---------- */

function probRow(label: string, p: Probability): string {
  return `<tr><th scope="row">${esc(label)}</th><td>${pct(p.p)}</td><td>${interval(p.ci95, pct)}</td></tr>`;
}

function meanRow(label: string, m: Mean): string {
  return `<tr><th scope="row">${esc(label)}</th><td>${num(m.mean)}</td><td>${interval(m.ci95, num)}</td></tr>`;
}

function outcomeTable(caption: string, o: FormationOutcome, points: number | null): string {
  let rows = meanRow('Units destroyed (mean)', o.unitsKilled);
  rows += `<tr><th scope="row">P(k destroyed)</th><td colspan="2" class="dist">${o.unitsKilled.distribution.map((p, k) => `<span>${k}: ${pct(p)}</span>`).join(' ')}</td></tr>`;
  rows += probRow('P(broken)', o.broken);
  rows += probRow('P(destroyed)', o.destroyed);
  rows += meanRow('Blast markers (mean)', o.blastMarkers);
  if (o.warEngineDamage.mean > 0) rows += meanRow('War-engine damage (mean)', o.warEngineDamage);
  if (points !== null) rows += meanRow('Points lost (mean)', o.pointsLost);
  return `<table><caption>${esc(caption)}${points !== null ? ` (${points} points)` : ''}</caption><thead><tr><th scope="col">Measure</th><th scope="col">Estimate</th><th scope="col">95% interval</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function renderHeadline(job: OneStepJob, result: RunResult): void {
  const t = (side: number) => outcomeAt(result.tally, result.layout, 0, side);
  let html = '';
  if (job.command === 'assault') {
    const a = job.extra(result).assault as { attackerWins: Probability; defenderWins: Probability; noResult: Probability; rounds: Mean };
    let rows = probRow('P(attacker wins)', a.attackerWins) + probRow('P(defender wins)', a.defenderWins);
    if (a.noResult.p > 0) rows += probRow('P(no result)', a.noResult);
    rows += meanRow('Rounds (mean)', a.rounds);
    html += `<table><caption>Assault</caption><thead><tr><th scope="col">Measure</th><th scope="col">Estimate</th><th scope="col">95% interval</th></tr></thead><tbody>${rows}</tbody></table>`;
    html += outcomeTable(`Attacker: ${job.attacker.name}`, t(0), job.attacker.points);
    html += outcomeTable(`Target: ${job.target.name}`, t(1), job.target.points);
  } else {
    html += outcomeTable(`Target: ${job.target.name}`, t(1), job.target.points);
    if (job.kind === 'ground-attack') html += outcomeTable(`Aircraft: ${job.attacker.name}`, t(0), job.attacker.points);
  }
  $('headline').innerHTML = html;
}

function renderUnsupported(job: OneStepJob): void {
  $('not-simulated').innerHTML = job.unsupported.length
    ? `<h3>Not simulated</h3><p>These formations carry rules the engine does not model; the numbers leave them out:</p><ul>${job.unsupported.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`
    : '<p class="meta">Every rule of these formations is simulated (the engagement model\'s assumptions are in the README).</p>';
}

function download(name: string, href: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  download(name, url);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

let vega: Promise<VegaEmbed> | null = null;

/** Loads vega.js (the chart library, a bundle of its own) once. */
function loadVega(): Promise<VegaEmbed> {
  vega ??= new Promise<VegaEmbed>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'vega.js';
    s.async = true;
    s.onload = () => resolve((globalThis as unknown as { vegaEmbed: VegaEmbed }).vegaEmbed);
    s.onerror = () => {
      vega = null;
      reject(new Error('could not load vega.js (the chart library)'));
    };
    document.head.append(s);
  });
  return vega;
}

async function renderReport(job: OneStepJob, result: RunResult, meta: RunMeta, run: number): Promise<void> {
  const report = scriptReport(job.spec, result, meta);
  const csv = $('csv-buttons');
  csv.replaceChildren();
  const charts = $('charts');
  charts.replaceChildren();
  const pending: Array<{ el: HTMLElement; spec: unknown; name: string; buttons: HTMLButtonElement[] }> = [];
  for (const section of report.sections) {
    for (const table of section.tables) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `Download ${table.name}.csv`;
      b.addEventListener('click', () => downloadText(`${table.name}.csv`, toCsv(table), 'text/csv'));
      csv.append(b);
    }
    const box = document.createElement('section');
    box.className = 'report-section';
    box.innerHTML = `<h3>${esc(section.title)}</h3>${section.summary.length ? `<ul class="summary">${section.summary.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>` : ''}`;
    for (const chart of section.charts) {
      const fig = document.createElement('figure');
      const holder = document.createElement('div');
      holder.className = 'chart';
      holder.id = `chart-${chart.name}`;
      holder.textContent = 'Loading the chart…';
      const buttons = ['svg', 'png'].map((kind) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.disabled = true;
        b.textContent = `Download ${chart.name}.${kind}`;
        return b;
      });
      const bar = document.createElement('div');
      bar.className = 'buttons';
      bar.append(...buttons);
      fig.append(holder, bar);
      box.append(fig);
      pending.push({ el: holder, spec: chart.spec, name: chart.name, buttons });
    }
    if (section.definitions.length) box.insertAdjacentHTML('beforeend', `<details><summary>Definitions</summary><ul>${section.definitions.map((d) => `<li>${esc(d)}</li>`).join('')}</ul></details>`);
    charts.append(box);
  }
  let embed: VegaEmbed;
  try {
    embed = await loadVega();
  } catch (e) {
    for (const p of pending) p.el.textContent = (e as Error).message;
    return;
  }
  for (const p of pending) {
    if (run !== runCount) return;
    p.el.textContent = '';
    const { view } = await embed(p.el, p.spec as EmbedSpec, { actions: false, renderer: 'svg' });
    const [svg, png] = p.buttons as [HTMLButtonElement, HTMLButtonElement];
    svg.addEventListener('click', async () => download(`${p.name}.svg`, await view.toImageURL('svg')));
    png.addEventListener('click', async () => download(`${p.name}.png`, await view.toImageURL('png', 2)));
    svg.disabled = false;
    png.disabled = false;
  }
  $('charts').dataset.rendered = String(pending.length);
}

/* ---------- running ---------- */

function jobOf(s: PageScenario): OneStepJob {
  return s.command === 'shoot' ? shootJob(data, shootWords(s)) : assaultJob(data, assaultWords(s));
}

function stopCurrent(): void {
  if (current) {
    current.stop();
    current = null;
  }
}

async function run(s: PageScenario): Promise<void> {
  stopCurrent();
  const run = ++runCount;
  clearProblems();
  document.getElementById('result-json')?.remove();
  $('json-box').hidden = true;
  $('result-actions').hidden = true;
  $('charts').replaceChildren();
  delete $('charts').dataset.rendered;
  let job: OneStepJob;
  try {
    if (s.formation.trim() === '') throw new InputError([{ file: s.command, path: '', message: 'expected the attacking formation, e.g. "4 Devastator" or "codex-astartes/tactical-detachment"' }]);
    if (s.at.trim() === '') throw new InputError([{ file: 'option --at', path: '', message: 'expected the target formation, e.g. "8 Ork Boyz"' }]);
    job = jobOf(s);
  } catch (e) {
    $('results').hidden = true;
    showError(e);
    return;
  }
  const { trials, seed, chunkSize } = runNumbers(s);
  const argv = toArgv(s);
  const workers = s.workers ?? Math.max(1, navigator.hardwareConcurrency || 2);
  void loadVega().catch(() => undefined);
  setState('running');
  $('results').hidden = false;
  $('results-title').textContent = job.title;
  $('results-meta').textContent = `${trials.toLocaleString('en')} trials, seed "${seed}", chunks of ${chunkSize.toLocaleString('en')}, data ${data.id} ${data.version}`;
  $('headline').innerHTML = '';
  renderUnsupported(job);
  $('command-line').textContent = `npx ${commandLine(argv)}`;
  $('progress-box').hidden = false;
  const progress = $<HTMLProgressElement>('progress');
  progress.max = trials;
  progress.value = 0;
  $('status').textContent = 'Starting…';
  $<HTMLButtonElement>('stop').disabled = false;
  const started = performance.now();
  const browserRun = startRun(
    {
      spec: job.spec,
      seed,
      scenario: job.scenario,
      matchup: job.matchup,
      trials,
      chunkSize,
      workers,
      onProgress: (p) => {
        if (run !== runCount) return;
        progress.value = p.trialsDone;
        $('status').textContent = `${p.trialsDone.toLocaleString('en')} of ${p.trialsPlanned.toLocaleString('en')} trials · ${p.mode} · ${(p.elapsedMs / 1000).toFixed(1)} s`;
        if (p.partial) renderHeadline(job, p.partial);
      },
    },
    'worker.js',
  );
  current = browserRun;
  let result: RunResult;
  try {
    result = await browserRun.result;
  } catch (e) {
    if (run !== runCount) return;
    current = null;
    $<HTMLButtonElement>('stop').disabled = true;
    if (e instanceof RunStopped) {
      $('status').textContent = `Stopped: no result (a result needs all ${trials.toLocaleString('en')} trials to match the command line).`;
      setState('stopped');
    } else {
      showError(e);
    }
    return;
  }
  if (run !== runCount) return;
  current = null;
  $<HTMLButtonElement>('stop').disabled = true;
  const elapsed = performance.now() - started;
  $('status').textContent = `${result.trials.toLocaleString('en')} trials in ${(elapsed / 1000).toFixed(2)} s (${Math.round(result.trials / (elapsed / 1000)).toLocaleString('en')} per second)`;
  renderHeadline(job, result);
  const json = jobJson(job, result, seed, data);
  const pre = document.createElement('pre');
  pre.id = 'result-json';
  pre.textContent = JSON.stringify(json, null, 2);
  $('json-box').append(pre);
  $('json-box').hidden = false;
  $('result-actions').hidden = false;
  setState('done');
  const meta: RunMeta = {
    title: job.title,
    command: commandLine(argv),
    seed,
    trials: result.trials,
    chunkSize,
    simulations: 1,
    data: { id: data.id, version: data.version },
    toolVersion,
    timings: { simulationMs: Math.round(elapsed) },
    notes: job.unsupported.map((r) => `Not simulated: ${r}`),
  };
  try {
    await renderReport(job, result, meta, run);
  } catch (e) {
    $('charts').insertAdjacentHTML('afterbegin', `<p class="error" role="alert">The charts could not be drawn: ${esc(e instanceof Error ? e.message : String(e))}</p>`);
  }
}

function runHash(hash: string): void {
  lastHash = hash;
  let s: PageScenario;
  try {
    s = parseHash(hash);
  } catch (e) {
    showError(e);
    return;
  }
  fillForm(s);
  void run(s);
}

function init(): void {
  $('tool-version').textContent = toolVersion;
  try {
    data = builtinDataset();
  } catch (e) {
    showError(e);
    return;
  }
  $('data-version').textContent = `${data.id} ${data.version}`;
  setupPicker();
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name=command]')) r.addEventListener('change', () => showCommand(command()));
  $('scenario').addEventListener('submit', (e) => {
    e.preventDefault();
    let s: PageScenario;
    try {
      s = parseWords(formWords());
    } catch (err) {
      showError(err);
      return;
    }
    const hash = toHash(s);
    if (hash !== location.hash) history.pushState(null, '', hash);
    lastHash = hash;
    void run(s);
  });
  $('stop').addEventListener('click', () => {
    stopCurrent();
  });
  $('copy-command').addEventListener('click', async () => {
    const text = $('command-line').textContent ?? '';
    const b = $<HTMLButtonElement>('copy-command');
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = 'Copied';
    } catch {
      const range = document.createRange();
      range.selectNodeContents($('command-line'));
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      b.textContent = 'Selected: press Ctrl+C';
    }
    setTimeout(() => (b.textContent = 'Copy the command line'), 2000);
  });
  const onHash = () => {
    if (location.hash !== lastHash && hasScenario(location.hash)) runHash(location.hash);
  };
  window.addEventListener('hashchange', onHash);
  window.addEventListener('popstate', onHash);
  setState('ready');
  if (hasScenario(location.hash)) runHash(location.hash);
  else {
    input('formation').value = '4 Devastator';
    input('at').value = '8 Ork Boyz';
    showCommand(command());
  }
}

init();
