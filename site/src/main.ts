import { assaultJson, jobJson } from '../../src/reports/oneStepJson.js';
import type { Dataset } from '../../src/model/dataset.js';
import { formationVariants } from '../../src/model/formationChoice.js';
import { InputError, type Problem } from '../../src/model/inputError.js';
import { upgradePrice } from '../../src/model/upgradePrice.js';
import { outcomeAt, type FormationOutcome, type Mean, type Probability } from '../../src/reports/aggregate.js';
import { toCsv } from '../../src/reports/csv.js';
import { commandLine, type RunMeta } from '../../src/reports/report.js';
import { scriptReport } from '../../src/reports/sections/scriptReport.js';
import type { RunResult } from '../../src/run/simulate.js';
import { toolVersion } from './data.js';
import { datasetFor, loadedPack, loadPack } from './datasets.js';
import type { Plan, PlanRun } from './plan.js';
import { hasScenario, isExperiment, parseHash, parseWords, runNumbers, toArgv, toHash, type Command, type PageScenario } from './hash.js';
import type { PageJob } from './playgroundRules.js';
import { PLAYGROUND } from './registry.js';
import { RunStopped, startRun, type BrowserRun } from './run.js';
import { setupFairCost, type FairCostView } from './fairCostView.js';
import { isFairCostHash } from './fairCostHash.js';
import { drawChart, loadVega, type VegaEmbed } from './loadVega.js';
import type { VlSpec } from '../../src/reports/charts/frame.js';
import { DEFAULT_SEED, DEFAULT_TRIALS } from '../../src/model/runDefaults.js';
import type { ListsHost, ListsView } from './listsPanel.js';
import { wireCopyButton } from './copyButton.js';

/**
 * The playground page: a form in the command line's words, the URL hash
 * holding the same words (hash.ts), runs on Web Workers (run.ts) and the
 * results as the command line and report.html give them.
 */

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
let fairCost: FairCostView;
/** The list panel (lists.js, a bundle of its own), loaded the first time it is opened or a matchup link is followed. */
let lists: Promise<ListsView> | null = null;

function setState(state: 'ready' | 'running' | 'done' | 'error' | 'stopped'): void {
  document.body.dataset.state = state;
}

/* ---------- the form ---------- */

function command(): Command {
  return (document.querySelector<HTMLInputElement>('input[name=command]:checked')?.value ?? 'shoot') as Command;
}

function showCommand(c: Command): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-for]')) el.hidden = !el.dataset.for!.split(' ').includes(c);
  const compare = input('compare-on').checked;
  $('compare-fields').hidden = !compare;
  $('pick-compare').hidden = !compare;
  input('formation').dataset.option = c;
  updateGapPlaceholder();
}

/** The Gap field's placeholder: the default distance of what the form would run (an aircraft's ground attack: 15 cm). */
function updateGapPlaceholder(): void {
  input('gap').placeholder = String(PLAYGROUND.gapPlaceholder(data, command(), input('formation').value, input('at').value, lines('flak'), input('cap').value));
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
  if (input('compare-on').checked) {
    text('compare');
    text('compare-at');
    // Compare mode with both fields empty still compares (B the same as A: a check of the dice).
    if (!w.some(([k]) => k === 'compare' || k === 'compare-at')) w.push(['compare', input('formation').value.trim()]);
  }
  if (c !== 'shoot') {
    for (const s of lines('support')) w.push(['support', s]);
    for (const s of lines('target-support')) w.push(['target-support', s]);
  }
  if (c !== 'assault') {
    const action = $<HTMLSelectElement>('action').value;
    if (action !== 'advance') w.push(['action', action]);
  }
  text('gap');
  if (c === 'assault') text('support-gap');
  const cover = $<HTMLSelectElement>('cover').value;
  if (cover === 'obscured') w.push(['cover', null]);
  else if (cover !== '') w.push(['cover', cover]);
  if (c !== 'assault') flag('crossfire');
  text('bm', '0');
  text('target-bm', '0');
  flag('target-broken');
  flag('test');
  flag('embarked');
  if (c !== 'shoot') flag('attacker-embarked');
  if (c !== 'shoot') text('contact');
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
  const dataWord = $<HTMLSelectElement>('data').value;
  if (dataWord !== 'builtin') w.push(['data', dataWord]);
  text('workers');
  return w;
}

/** Puts a scenario into the form. */
function fillForm(s: PageScenario): void {
  const set = (id: string, v: string | number | undefined, empty = '') => (input(id).value = v === undefined ? empty : String(v));
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name=command]')) r.checked = r.value === s.command;
  input('compare-on').checked = s.compare !== undefined || s.compareAt !== undefined;
  set('compare', s.compare);
  set('compare-at', s.compareAt);
  const dataSelect = $<HTMLSelectElement>('data');
  if (s.data !== undefined && s.data !== 'builtin' && ![...dataSelect.options].some((o) => o.value === s.data)) dataSelect.add(new Option(`Tournament Pack checkout "${s.data}" (not loaded)`, s.data));
  dataSelect.value = s.data ?? 'builtin';
  set('formation', s.formation);
  set('at', s.at);
  showCommand(s.command);
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
  set('trials', s.trials, String(DEFAULT_TRIALS));
  set('seed', s.seed, DEFAULT_SEED);
  set('chunk-size', s.chunkSize);
  set('workers', s.workers);
  for (const [id, v] of [['crossfire', s.crossfire], ['target-broken', s.targetBroken], ['test', s.test], ['no-target-flak', s.noTargetFlak], ['moved', s.moved], ['embarked', s.embarked], ['attacker-embarked', s.attackerEmbarked]] as const) input(id).checked = v === true;
  // Options that are set are shown, so nothing hidden changes the numbers unseen.
  const more = document.querySelector<HTMLDetailsElement>('details.more')!;
  if (s.crossfire || s.targetBroken || s.test || s.embarked || s.attackerEmbarked || s.bm || s.targetSupport?.length || s.supportGap !== undefined || s.contact !== undefined || s.flak?.length || s.noTargetFlak || s.cap !== undefined || s.phase !== undefined || s.moved || s.rankWidth !== undefined || s.spacing !== undefined || s.chunkSize !== undefined || s.workers !== undefined) more.open = true;
}

/* ---------- problems beside their fields ---------- */

const FORMATION_FIELDS = ['formation', 'at', 'compare', 'compare-at', 'support', 'target-support', 'flak', 'cap'];

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
  // Problems of the experiment a script or a comparison runs as (PLAYGROUND.experimentPlan).
  const inExperiment = /^engagement\.formations\.([a-z-]+?)(-\d+)?\.(formation|embarked)$/.exec(p.path);
  if (p.file === 'playground.json' && inExperiment) {
    const [, name, , field] = inExperiment;
    if (field === 'embarked') return name === 'attacker' ? 'attacker-embarked' : 'embarked';
    return { attacker: 'formation', target: 'at', support: 'support', 'target-support': 'target-support' }[name!] ?? null;
  }
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
    label.append(check, ` ${u?.name ?? id}${u ? ` (+${upgradePrice(u)})` : ''}`);
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

/** The picker's armies and the formation suggestions, from the data set in use. */
function fillPicker(): void {
  $<HTMLSelectElement>('pick-army').replaceChildren(...[...data.armies.values()].map((a) => new Option(a.name, a.id)));
  fillPickerArmy();
  $('formation-refs').replaceChildren(...[...data.armies.values()].flatMap((a) => a.formations.map((f) => new Option(`${a.name}: ${f.name}`, `${a.id}/${f.id}`))));
}

/** Switches the page to a data set (the picker and suggestions follow). */
function useData(d: Dataset): void {
  if (d === data) return;
  data = d;
  $('data-version').textContent = `${data.id} ${data.version}`;
  fillPicker();
  updateGapPlaceholder();
}

function setupPicker(): void {
  fillPicker();
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
  $('pick-compare').addEventListener('click', () => {
    input('compare').value = pickedText();
    input('compare').focus();
  });
}

/* ---------- the data: built-in, or a Tournament Pack checkout picked here ---------- */

/** A scenario that could not run for want of its Tournament Pack: it runs once that is loaded. */
let waitingForData: PageScenario | null = null;

async function pickCheckout(picked: Parameters<typeof loadPack>[0]): Promise<void> {
  clearProblems();
  $('data-status').textContent = 'Reading the checkout…';
  setState('running');
  try {
    const pack = await loadPack(picked);
    const select = $<HTMLSelectElement>('data');
    for (const o of [...select.options]) if (o.value !== 'builtin') o.remove();
    select.add(new Option(`Tournament Pack "${pack.name}": ${pack.dataset.version}`, pack.name));
    select.value = pack.name;
    useData(pack.dataset);
    $('data-summary').textContent = `Tournament Pack "${pack.name}"`;
    $('data-status').textContent = `Loaded "${pack.name}" (${pack.dataset.version}): ${pack.summary}.`;
    setState('ready');
    const waiting = waitingForData;
    waitingForData = null;
    if (waiting !== null && waiting.data === pack.name) void run(waiting);
    fairCost.packLoaded(pack.name);
    void lists?.then((l) => l.packLoaded(pack.name));
  } catch (e) {
    $('data-status').textContent = '';
    showError(e);
  }
}

function setupData(): void {
  const folder = input('tp-folder');
  const zip = input('tp-zip');
  folder.addEventListener('change', () => {
    if (folder.files && folder.files.length > 0) void pickCheckout({ kind: 'folder', files: [...folder.files] });
  });
  zip.addEventListener('change', () => {
    const file = zip.files?.[0];
    if (file) void pickCheckout({ kind: 'zip', file });
  });
  $('data').addEventListener('change', () => {
    const word = $<HTMLSelectElement>('data').value;
    try {
      useData(datasetFor(word));
      $('data-summary').textContent = word === 'builtin' ? 'built-in datasheets (2004 rulebook)' : `Tournament Pack "${word}"`;
    } catch (e) {
      showError(e);
    }
  });
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

/** The headline tables of a one-step job (HTML). */
function jobHeadline(job: PageJob, result: RunResult): string {
  const t = (side: number) => outcomeAt(result.tally, result.layout, 0, side);
  let html = '';
  if (job.command === 'assault') {
    const a = assaultJson(result);
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
  return html;
}

function renderUnsupported(unsupported: string[]): void {
  $('not-simulated').innerHTML = unsupported.length
    ? `<h3>Not simulated</h3><p>These formations carry rules the engine does not model; the numbers leave them out:</p><ul>${unsupported.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`
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

/** Appends a run's report sections (as report.html has them); with a label (a variant), their titles and file names carry it. */
async function renderReport(r: PlanRun, result: RunResult, meta: RunMeta, run: number): Promise<void> {
  const report = scriptReport(r.spec, result, meta);
  const csv = $('csv-buttons');
  const charts = $('charts');
  if (r.label !== null) {
    const prefix = r.label.toLowerCase();
    report.sections = report.sections.map((sec) => ({ ...sec, title: `Variant ${r.label}: ${sec.title}`, tables: sec.tables.map((t) => ({ ...t, name: `${prefix}-${t.name}` })), charts: sec.charts.map((c) => ({ ...c, name: `${prefix}-${c.name}` })) }));
  }
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
    const view = await drawChart(embed, p.el, p.spec as VlSpec);
    const [svg, png] = p.buttons as [HTMLButtonElement, HTMLButtonElement];
    svg.addEventListener('click', async () => download(`${p.name}.svg`, await view.toImageURL('svg')));
    png.addEventListener('click', async () => download(`${p.name}.png`, await view.toImageURL('png', 2)));
    svg.disabled = false;
    png.disabled = false;
  }
  $('charts').dataset.rendered = String(Number($('charts').dataset.rendered ?? 0) + pending.length);
}

/* ---------- running ---------- */

/** What Run does for a scenario: the command's job, or an experiment's variants (a script, a comparison). */
function planOf(s: PageScenario): Plan {
  if (isExperiment(s)) return PLAYGROUND.experimentPlan(data, s);
  const job = PLAYGROUND.oneStepJob(data, s);
  const seed = runNumbers(s).seed;
  return {
    title: job.title,
    description: null,
    unsupported: job.unsupported,
    runs: [{ spec: job.spec, scenario: job.scenario, matchup: job.matchup, label: null }],
    headline: (results) => jobHeadline(job, results[0]!),
    json: (results) => jobJson(job, results[0]!, seed, data),
    experiment: null,
  };
}

function stopCurrent(): void {
  if (current) {
    current.stop();
    current = null;
  }
}

async function run(s: PageScenario): Promise<void> {
  stopCurrent();
  fairCost.stop();
  void lists?.then((l) => l.stop());
  const run = ++runCount;
  clearProblems();
  document.getElementById('result-json')?.remove();
  $('json-box').hidden = true;
  $('result-actions').hidden = true;
  $('charts').replaceChildren();
  $('csv-buttons').replaceChildren();
  delete $('charts').dataset.rendered;
  let plan: Plan;
  try {
    useData(datasetFor(s.data));
    if (s.formation.trim() === '') throw new InputError([{ file: s.command, path: '', message: 'expected the attacking formation, e.g. "4 Devastator" or "codex-astartes/tactical-detachment"' }]);
    if (s.at.trim() === '') throw new InputError([{ file: 'option --at', path: '', message: 'expected the target formation, e.g. "8 Ork Boyz"' }]);
    plan = planOf(s);
  } catch (e) {
    $('results').hidden = true;
    // A link to a Tournament Pack that is not loaded runs once it is.
    waitingForData = s.data !== undefined && s.data !== 'builtin' && loadedPack()?.name !== s.data ? s : null;
    showError(e);
    return;
  }
  const { trials, seed, chunkSize } = runNumbers(s);
  const argv = toArgv(s);
  const workers = s.workers ?? Math.max(1, navigator.hardwareConcurrency || 2);
  const runs = plan.runs;
  void loadVega().catch(() => undefined);
  setState('running');
  $('results').hidden = false;
  $('results-title').textContent = plan.title;
  $('results-meta').textContent = `${plan.description !== null ? `${plan.description} ` : ''}${trials.toLocaleString('en')} trials${runs.length > 1 ? ` per variant, ${runs.length} variants on the same dice` : ''}, seed "${seed}", chunks of ${chunkSize.toLocaleString('en')}, data ${data.id} ${data.version}`;
  $('headline').innerHTML = '';
  renderUnsupported(plan.unsupported);
  $('command-line').textContent = `npx ${commandLine(argv)}`;
  $('download-experiment').hidden = plan.experiment === null;
  $('progress-box').hidden = false;
  const progress = $<HTMLProgressElement>('progress');
  progress.max = trials * runs.length;
  progress.value = 0;
  $('status').textContent = 'Starting…';
  delete $('status').dataset.elapsedMs;
  $<HTMLButtonElement>('stop').disabled = false;
  const started = performance.now();
  const results: RunResult[] = [];
  let elapsedMs = 0;
  for (const [i, r] of runs.entries()) {
    const browserRun = startRun(
      {
        spec: r.spec,
        seed,
        scenario: r.scenario,
        matchup: r.matchup,
        trials,
        chunkSize,
        workers,
        onProgress: (p) => {
          if (run !== runCount) return;
          progress.value = i * trials + p.trialsDone;
          $('status').textContent = `${(i * trials + p.trialsDone).toLocaleString('en')} of ${(trials * runs.length).toLocaleString('en')} trials${runs.length > 1 ? ` (variant ${r.label})` : ''} · ${p.mode} · ${((performance.now() - started) / 1000).toFixed(1)} s`;
          if (p.partial && runs.length === 1) $('headline').innerHTML = plan.headline([p.partial]);
        },
      },
      'worker.js',
    );
    current = browserRun;
    try {
      const result = await browserRun.result;
      results.push(result);
      elapsedMs += result.elapsedMs;
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
  }
  current = null;
  $<HTMLButtonElement>('stop').disabled = true;
  const elapsed = performance.now() - started;
  const total = results.reduce((n, r) => n + r.trials, 0);
  $('status').textContent = `${total.toLocaleString('en')} trials in ${(elapsed / 1000).toFixed(2)} s (${Math.round(total / (elapsed / 1000)).toLocaleString('en')} per second)`;
  // For tools (npm run bench): the runs' time, from the first chunk sent to the last merged.
  $('status').dataset.elapsedMs = String(elapsedMs);
  $('headline').innerHTML = plan.headline(results);
  const pre = document.createElement('pre');
  pre.id = 'result-json';
  pre.textContent = JSON.stringify(plan.json(results), null, 2);
  $('json-box').append(pre);
  $('json-box').hidden = false;
  $('result-actions').hidden = false;
  experimentText = plan.experiment === null ? null : JSON.stringify(plan.experiment, null, 2) + '\n';
  setState('done');
  try {
    for (const [i, r] of runs.entries()) {
      const meta: RunMeta = {
        title: r.label === null ? plan.title : `${plan.title} (variant ${r.label})`,
        command: commandLine(argv),
        seed,
        trials: results[i]!.trials,
        chunkSize,
        simulations: runs.length,
        data: { id: data.id, version: data.version },
        toolVersion,
        timings: { simulationMs: Math.round(elapsed) },
        notes: plan.unsupported.map((u) => `Not simulated: ${u}`),
      };
      await renderReport(r, results[i]!, meta, run);
    }
  } catch (e) {
    $('charts').insertAdjacentHTML('afterbegin', `<p class="error" role="alert">The charts could not be drawn: ${esc(e instanceof Error ? e.message : String(e))}</p>`);
  }
}

/** The experiment file of the last script or comparison run, for its download button. */
let experimentText: string | null = null;

const isMatchupHash = (hash: string) => /(^#?|&)matchup=/.test(hash);

/** Loads lists.js once and sets the panel up. */
function listsView(): Promise<ListsView> {
  lists ??= new Promise<ListsView>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'lists.js';
    s.onload = () => resolve((globalThis as unknown as { epicBalanceLists: { setupLists(h: ListsHost): ListsView } }).epicBalanceLists.setupLists(listsHost));
    s.onerror = () => {
      lists = null;
      reject(new InputError([{ file: 'the page', path: '', message: 'could not load lists.js (the list panel)' }]));
    };
    document.head.append(s);
  });
  return lists;
}

function stopScenario(): void {
  stopCurrent();
  waitingForData = null;
  document.getElementById('result-json')?.remove();
  $('results').hidden = true;
}

const listsHost: ListsHost = {
  useData: (word) => {
    const d = datasetFor(word);
    useData(d);
    return d;
  },
  dataWord: () => $<HTMLSelectElement>('data').value,
  stopOthers: () => {
    stopScenario();
    fairCost.stop();
  },
  setState,
  pushHash: (hash) => {
    if (hash !== location.hash) history.pushState(null, '', hash);
    lastHash = hash;
  },
  toolVersion,
};

function runHash(hash: string): void {
  lastHash = hash;
  if (isMatchupHash(hash)) {
    listsView().then((l) => l.runHash(hash), showError);
    return;
  }
  if (isFairCostHash(hash)) {
    fairCost.runHash(hash);
    return;
  }
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
    data = datasetFor('builtin');
  } catch (e) {
    showError(e);
    return;
  }
  $('data-version').textContent = `${data.id} ${data.version}`;
  setupPicker();
  setupData();
  fairCost = setupFairCost({
    useData: (word) => {
      const d = datasetFor(word);
      useData(d);
      return d;
    },
    stopScenario: () => {
      stopScenario();
      void lists?.then((l) => l.stop());
    },
    setState,
    pushHash: (hash) => {
      if (hash !== location.hash) history.pushState(null, '', hash);
      lastHash = hash;
    },
  });
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name=command]')) r.addEventListener('change', () => showCommand(command()));
  input('compare-on').addEventListener('change', () => showCommand(command()));
  for (const id of ['formation', 'at', 'flak', 'cap']) $(id).addEventListener('change', updateGapPlaceholder);
  $('download-experiment').addEventListener('click', () => {
    if (experimentText !== null) downloadText('playground.json', experimentText, 'application/json');
  });
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
  wireCopyButton($<HTMLButtonElement>('copy-command'), $('command-line'), 'Copy the command line');
  const onHash = () => {
    if (location.hash !== lastHash && (hasScenario(location.hash) || isFairCostHash(location.hash) || isMatchupHash(location.hash))) runHash(location.hash);
  };
  window.addEventListener('hashchange', onHash);
  window.addEventListener('popstate', onHash);
  setState('ready');
  $('lists-box').addEventListener('toggle', () => {
    if ($<HTMLDetailsElement>('lists-box').open) listsView().catch(showError);
  });
  if (hasScenario(location.hash) || isFairCostHash(location.hash) || isMatchupHash(location.hash)) runHash(location.hash);
  else {
    input('formation').value = '4 Devastator';
    input('at').value = '8 Ork Boyz';
    showCommand(command());
  }
}

init();
