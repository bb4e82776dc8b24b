import { battleFairCostInputs, battleFairCostJson, battleFairCostRun, judgedFairCost, unsupportedRules, type BattleFairCostInputs } from '../../src/reports/value/battleFairCost.js';
import type { Dataset } from '../../src/model/dataset.js';
import { InputError, type Problem } from '../../src/model/inputError.js';
import type { LoadedBattle } from '../../src/model/loadBattle.js';
import { toCsv } from '../../src/reports/csv.js';
import { commandLine } from '../../src/reports/report.js';
import { DEFAULT_RULES } from '../../src/model/runDefaults.js';
import { battleValueLines, battleValueSection } from '../../src/reports/sections/battleValueSection.js';
import { solveValue } from '../../src/reports/value/fixedPointValue.js';
import { planValue, type FormationValue } from '../../src/reports/value/formationValue.js';
import { toolVersion } from './data.js';
import { fairCostArgv, fairCostHash, fairCostNumbers, parseFairCostHash, parseFairCostWords, type FairCostScenario } from './fairCostHash.js';
import { meetingRunner, type MeetingRunner } from './fairCostRun.js';
import { drawSectionCharts, loadVega } from './loadVega.js';
import { referenceBattle } from './referenceBattle.js';
import { RunStopped } from './run.js';
import { wireCopyButton } from './copyButton.js';
import { PackWait } from './packWait.js';

/**
 * The playground's fair cost: a formation (built-in, or of the Tournament Pack
 * checkout loaded under Data), its fair cost in the reference battle with the
 * 95% interval, the sensitivity band and the verdict at a proposed cost, as
 * `epic-balance fair-cost <formation> --cost <points>` gives them: the same
 * inputs and JSON (src/reports/value/battleFairCost.ts), the same fixed point
 * (solveValue), its meetings run on the page's Web Workers (fairCostRun.ts).
 * `#result-json` holds what `fair-cost --json` prints for the same formation,
 * cost, seed, trials and chunk size.
 */

/** What the page around the fair cost lends it (site/src/main.ts). */
export interface FairCostHost {
  /** Switches the page to the data set a `data` word names; an InputError on --data when that checkout is not loaded. */
  useData(word: string | undefined): Dataset;
  /** Stops a shot or an assault running, and hides its results. */
  stopScenario(): void;
  setState(state: 'ready' | 'running' | 'done' | 'error' | 'stopped'): void;
  /** Makes `hash` the page's address (a history entry), as the page's own Run does. */
  pushHash(hash: string): void;
}

export interface FairCostView {
  /** Runs the fair cost a hash names (a link, back or forward). */
  runHash(hash: string): void;
  /** Stops a fair cost running and hides its results (a shot or an assault is about to run). */
  stop(): void;
  /** A Tournament Pack checkout was loaded: a fair cost that waited for it runs. */
  packLoaded(name: string): void;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const input = (id: string) => $<HTMLInputElement>(id);
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pts = (x: number) => (Number.isFinite(x) ? String(Math.round(x)) : 'unbounded');
const range = (r: [number, number]) => `${pts(r[0])} to ${pts(r[1])}`;

/** The form's fields by the option they give, for the problems beside them. */
const FIELDS: Record<string, string> = { 'fair-cost': 'fc-formation', '--cost': 'fc-cost', '--trials': 'fc-trials', '--seed': 'fc-seed', '--chunk-size': 'fc-chunk-size', '--workers': 'fc-workers' };

const VERDICT_TEXT = { 'under-costed': 'under-costed: worth more than it costs', 'over-costed': 'over-costed: worth less than it costs', fair: 'fair' } as const;

export function setupFairCost(host: FairCostHost): FairCostView {
  let runner: MeetingRunner | null = null;
  let runCount = 0;
  const waiting = new PackWait<FairCostScenario>();
  /**
   * The last value solved, by what its numbers depend on: a new proposed cost for the same
   * formation, data, seed, trials and chunk size is judged on it without running anything
   * (the fair cost never reads the cost), as `fair-cost --cost` would judge the same numbers.
   */
  let solved: { key: string; value: FormationValue } | null = null;

  const clearProblems = () => {
    for (const el of document.querySelectorAll<HTMLElement>('#fair-cost-form .error')) {
      el.hidden = true;
      el.textContent = '';
    }
    for (const el of document.querySelectorAll('#fair-cost-form [aria-invalid]')) el.removeAttribute('aria-invalid');
  };

  /** The field a problem is about: the option it names, the formation it quotes (or any formation problem: there is one field). */
  const fieldOf = (p: Problem): string | null => {
    const option = /^option (--[a-z-]+)$/.exec(p.file)?.[1];
    if (option !== undefined) return FIELDS[option] ?? null;
    if (p.file === 'fair-cost' || /^formation "/.test(p.file)) return 'fc-formation';
    return null;
  };

  const showProblems = (problems: Problem[]) => {
    clearProblems();
    let first: HTMLElement | null = null;
    for (const p of problems) {
      const id = fieldOf(p);
      // A formation problem quotes the formation: the field shows it, the message says what is wrong.
      const message = id !== null ? (p.path ? `${p.path}: ${p.message}` : p.message) : `${p.file}${p.path ? `: ${p.path}` : ''}: ${p.message}`;
      const box = $(id !== null ? `${id}-error` : 'fc-form-error');
      box.textContent = box.textContent ? `${box.textContent}\n${message}` : message;
      box.hidden = false;
      if (id !== null) {
        $(id).setAttribute('aria-invalid', 'true');
        const more = $(id).closest('details.fc-more');
        if (more) (more as HTMLDetailsElement).open = true;
        first ??= $(id);
      }
    }
    first?.focus();
  };

  const showError = (e: unknown) => {
    if (e instanceof InputError) showProblems(e.problems);
    else showProblems([{ file: 'the page', path: '', message: `unexpected error: ${e instanceof Error ? e.message : String(e)}` }]);
    host.setState('error');
  };

  const stopRunner = () => {
    runner?.stop();
    runner = null;
  };

  const clearResult = () => {
    document.getElementById('result-json')?.remove();
    $('fc-results').hidden = true;
  };

  /** The form as the address's words, so a Run and a link are read by the same code. */
  const formWords = (): Array<[string, string | null]> => {
    const w: Array<[string, string | null]> = [['fair-cost', input('fc-formation').value.trim()]];
    for (const key of ['cost', 'trials', 'seed', 'chunk-size', 'workers']) {
      const v = input(`fc-${key}`).value.trim();
      if (v !== '') w.push([key, v]);
    }
    const data = $<HTMLSelectElement>('data').value;
    if (data !== 'builtin') w.push(['data', data]);
    return w;
  };

  const fillForm = (s: FairCostScenario) => {
    const set = (id: string, v: string | number | undefined, empty = '') => (input(id).value = v === undefined ? empty : String(v));
    set('fc-formation', s.formation);
    set('fc-cost', s.cost);
    const n = fairCostNumbers(s);
    set('fc-trials', s.trials, String(n.trials));
    set('fc-seed', s.seed, n.seed);
    set('fc-chunk-size', s.chunkSize);
    set('fc-workers', s.workers);
    if (s.chunkSize !== undefined || s.workers !== undefined) document.querySelector<HTMLDetailsElement>('details.fc-more')!.open = true;
    const select = $<HTMLSelectElement>('data');
    if (s.data !== undefined && s.data !== 'builtin' && ![...select.options].some((o) => o.value === s.data)) select.add(new Option(`Tournament Pack checkout "${s.data}" (not loaded)`, s.data));
    select.value = s.data ?? 'builtin';
    $<HTMLDetailsElement>('fair-cost-box').open = true;
  };

  const run = async (s: FairCostScenario) => {
    host.stopScenario();
    stopRunner();
    const run = ++runCount;
    waiting.forget();
    clearProblems();
    clearResult();
    $('fc-chart').replaceChildren();
    $('fc-csv').replaceChildren();
    const numbers = fairCostNumbers(s);
    let data: Dataset;
    let loaded: LoadedBattle;
    let inputs: BattleFairCostInputs;
    let plan: ReturnType<typeof planValue>;
    try {
      data = host.useData(s.data);
      if (s.formation.trim() === '') throw new InputError([{ file: 'fair-cost', path: '', message: 'expected the formation to price, e.g. "codex-astartes/devastator-detachment" or "4 Devastator"' }]);
      loaded = referenceBattle();
      inputs = battleFairCostInputs(data, loaded, s.formation, undefined);
      plan = planValue(inputs.formation, inputs.opponents, loaded.battle, battleFairCostRun(numbers, inputs));
    } catch (e) {
      // A link to a Tournament Pack that is not loaded runs once it is.
      waiting.keepIfPackMissing(s, e);
      showError(e);
      return;
    }
    const argv = fairCostArgv(s);
    const battleName = `${loaded.battle.name} v${loaded.battle.version}`;
    $('fc-title').textContent = `Fair cost of ${inputs.formation.name}`;
    $('fc-meta').textContent = `${numbers.trials.toLocaleString('en')} trials per meeting, seed "${numbers.seed}", chunks of ${numbers.chunkSize.toLocaleString('en')}, the ${battleName} battle (${loaded.file}), data ${data.id} ${data.version}`;
    $('fc-headline').replaceChildren();
    $('fc-command-line').textContent = `npx ${commandLine([...argv, '--json'])}`;
    $('fc-notes').innerHTML = notesHtml(inputs);
    $('fc-results').hidden = false;
    $('fc-actions').hidden = true;
    $('fc-progress-box').hidden = false;
    const progress = $<HTMLProgressElement>('fc-progress');
    progress.removeAttribute('value');
    $('fc-status').textContent = 'Starting…';
    $<HTMLButtonElement>('fc-stop').disabled = false;
    host.setState('running');
    void loadVega().catch(() => undefined);
    const started = performance.now();
    const workers = s.workers ?? Math.max(1, navigator.hardwareConcurrency || 2);
    const key = JSON.stringify([data.id, data.version, inputs.formation.text, numbers]);
    const reused = solved !== null && solved.key === key ? solved.value : null;
    let ranOn = '';
    const solve = async (): Promise<FormationValue> => {
      const mine = meetingRunner('worker.js', workers, (p) => {
        if (run !== runCount) return;
        ranOn = p.mode;
        progress.max = Math.max(1, p.asked);
        progress.value = p.done;
        $('fc-status').textContent = `${p.done} of ${p.asked} meetings so far (the fixed point asks for more groups as it narrows the price) · ${p.mode} · ${((performance.now() - started) / 1000).toFixed(1)} s`;
      });
      runner = mine;
      return solveValue(plan, loaded.battle, 'efficiency', mine.run, true);
    };
    let value: FormationValue;
    try {
      const unjudged = reused ?? (await solve());
      solved = { key, value: unjudged };
      value = judgedFairCost(unjudged, s.cost, loaded, inputs.formation, false);
    } catch (e) {
      if (run !== runCount) return;
      stopRunner();
      $<HTMLButtonElement>('fc-stop').disabled = true;
      if (e instanceof RunStopped) {
        $('fc-status').textContent = 'Stopped: no result (a fair cost needs every meeting its fixed point asks for).';
        host.setState('stopped');
      } else showError(e);
      return;
    }
    if (run !== runCount) return;
    runner = null;
    $<HTMLButtonElement>('fc-stop').disabled = true;
    const elapsed = performance.now() - started;
    $('fc-status').textContent =
      reused !== null
        ? `Judged at the new cost on the ${value.meetings} meetings already run for this formation, data, seed and trials (the fair cost does not depend on the cost)`
        : `${value.meetings} meetings of ${value.trialsPerMeeting.toLocaleString('en')} trials in ${(elapsed / 1000).toFixed(1)} s on ${ranOn}`;
    const margin = loaded.battle.margin.value;
    $('fc-headline').innerHTML = headlineHtml(value, margin);
    const pre = document.createElement('pre');
    pre.id = 'result-json';
    pre.textContent = JSON.stringify(battleFairCostJson({ variant: DEFAULT_RULES, run: numbers, data, loaded, inputs, value, cost: s.cost }), null, 2);
    $('fc-json-box').append(pre);
    $('fc-actions').hidden = false;
    host.setState('done');
    const section = battleValueSection(value, battleName, margin, { trials: numbers.trials, seed: numbers.seed, data: { id: data.id, version: data.version }, toolVersion });
    for (const table of section.tables) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `Download ${table.name}.csv`;
      b.addEventListener('click', () => downloadText(`${table.name}.csv`, toCsv(table), 'text/csv'));
      $('fc-csv').append(b);
    }
    await drawSectionCharts($('fc-chart'), section.charts, () => run === runCount);
  };

  const runHash = (hash: string) => {
    let s: FairCostScenario;
    try {
      s = parseFairCostHash(hash);
    } catch (e) {
      $<HTMLDetailsElement>('fair-cost-box').open = true;
      host.stopScenario();
      stopRunner();
      clearResult();
      showError(e);
      return;
    }
    fillForm(s);
    void run(s);
  };

  $('fair-cost-form').addEventListener('submit', (e) => {
    e.preventDefault();
    let s: FairCostScenario;
    try {
      s = parseFairCostWords(formWords());
    } catch (err) {
      host.stopScenario();
      stopRunner();
      clearResult();
      showError(err);
      return;
    }
    host.pushHash(fairCostHash(s));
    void run(s);
  });
  $('fc-stop').addEventListener('click', stopRunner);
  $('pick-fair-cost').addEventListener('click', () => {
    input('fc-formation').value = $('pick-text').textContent ?? '';
    $<HTMLDetailsElement>('fair-cost-box').open = true;
    input('fc-formation').focus();
  });
  wireCopyButton($<HTMLButtonElement>('fc-copy'), $('fc-command-line'), 'Copy the command line');

  return {
    runHash,
    stop: () => {
      runCount++;
      waiting.forget();
      stopRunner();
      clearProblems();
      clearResult();
    },
    packLoaded: (name) => {
      const w = waiting.takeFor(name);
      if (w !== null) void run(w);
    },
  };
}

/** The verdict first (what a balancer came for), then the figures it rests on, then the command's own lines. */
function headlineHtml(v: FormationValue, margin: number): string {
  const judged = v.cost !== null ? `${v.cost} points` : 'no cost';
  const verdict =
    v.verdict !== null
      ? `<p id="fc-verdict" class="verdict verdict-${v.verdict}" data-verdict="${v.verdict}">At ${esc(judged)}: <strong>${VERDICT_TEXT[v.verdict]}</strong></p>`
      : `<p id="fc-verdict" class="verdict">No verdict: the formation has no army-list cost; propose one.</p>`;
  const row = (label: string, value: string) => `<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
  const rows = [
    row('Fair cost', `<strong id="fc-fair">${pts(v.fairCost.estimate)}</strong> points`),
    row('95% interval', range(v.fairCost.ci95)),
    row('Sensitivity band', range(v.fairCost.band)),
    row('Cost judged', v.cost !== null ? String(v.cost) : 'none'),
    ...(v.valuePerPoint !== null ? [row('Fair cost ÷ cost', v.valuePerPoint.toFixed(2))] : []),
  ].join('');
  const opponents = v.opponents
    .map((o) => `<tr><th scope="row">${esc(o.opponent)} <small>(${o.points})</small></th><td>${pts(o.fairCost.estimate)}</td><td>${(100 * o.destroyedShare).toFixed(0)}%</td><td>${(100 * o.lostShare).toFixed(0)}%</td></tr>`)
    .join('');
  return (
    verdict +
    `<table class="fc-figures"><caption>Fair cost, ${v.metric} parity</caption><tbody>${rows}</tbody></table>` +
    `<ul class="summary">${battleValueLines(v, margin).map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` +
    `<table class="fc-opponents"><caption>Against each opponent of the field</caption><thead><tr><th scope="col">Opponent (points)</th><th scope="col">Fair against it</th><th scope="col">Of what it destroys</th><th scope="col">Of what it loses</th></tr></thead><tbody>${opponents}</tbody></table>`
  );
}

/** The formations of the field the data set lacks, and the rules the engine does not model. */
function notesHtml(inputs: BattleFairCostInputs): string {
  const unsupported = unsupportedRules([inputs.formation, ...inputs.opponents]);
  let html = inputs.notes.map((n) => `<p class="meta">Note: ${esc(n)}.</p>`).join('');
  if (unsupported.length > 0) html += `<h3>Not simulated</h3><p>These formations carry rules the engine does not model; the numbers leave them out:</p><ul>${unsupported.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`;
  return html;
}

function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
