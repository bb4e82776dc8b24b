import type { Dataset } from '../../../../../src/model/dataset.js';
import { InputError, type Problem } from '../../../../../src/model/inputError.js';
import type { Estimate } from '../../../../../src/rulesets/netea/reports/matchup/linearEstimate.js';
import { listMatchupInputs, matchupJson, matchupRun } from '../../../../../src/rulesets/netea/reports/matchup/listMatchup.js';
import { matchupResult, type MatchupResult } from '../../../../../src/rulesets/netea/reports/matchup/matchupResult.js';
import { matchupSection } from '../../../../../src/rulesets/netea/reports/matchup/matchupSection.js';
import { toCsv } from '../../../../../src/reports/csv.js';
import { commandLine } from '../../../../../src/reports/report.js';
import { RULES_NAMES } from '../../../../../src/model/registry.js';
import type { ChartContext } from '../../../../../src/reports/charts/frame.js';
import { breachLine, checkRoster, type RosterCheck } from '../../../../../src/rulesets/netea/model/roster/check.js';
import type { RosterImport } from '../../../../../src/rulesets/netea/model/roster/importedList.js';
import { importRosterSource, type RosterSource } from '../../../../../src/rulesets/netea/model/roster/importSource.js';
import { meetingRunner, type MeetingRunner } from '../../../fairCostRun.js';
import { drawSectionCharts, loadVega } from '../../../loadVega.js';
import { referenceBattle } from '../../../referenceBattle.js';
import { RunStopped } from '../../../run.js';
import type { ListsHost, ListsView } from '../../../listsPanel.js';
import { wireCopyButton } from '../../../copyButton.js';
import { PackWait } from '../../../packWait.js';
import { linkedList, listFileNames, listFileOf, listWord, matchupArgv, matchupHash, matchupNumbers, parseMatchupHash, parseMatchupWords, type LinkedList, type MatchupScenario } from './matchupHash.js';
import { runMatchupPairs } from './matchupRun.js';
import { fileSource, pastedSource } from './readSource.js';

/**
 * The playground's list panel (issue 31): two lists read as `roster import` reads them (a Snapfire
 * link or plain text pasted, a BattleScribe .ros/.rosz or New Recruit JSON dropped or picked),
 * each shown with its formations as fielded, every price that differs from the source's and every
 * entry left out with the reason; then `epic-balance matchup` of the two on the page's Web
 * Workers, `#result-json` holding what `matchup --json` prints for the same list files, seed and
 * trials, and the address holding both lists (matchupHash.ts). Loaded as lists.js, a bundle of its
 * own, the first time the panel is opened or a matchup link is followed.
 */

type Side = 'mine' | 'theirs';
const SIDES: readonly Side[] = ['mine', 'theirs'];

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const n1 = (x: number) => x.toFixed(1);
const est = (e: Estimate) => `${n1(e.mean)} <small>(${n1(e.ci95[0])} – ${n1(e.ci95[1])})</small>`;

/** A list read into a slot: as a link carries it, and the import that gave it (none for a list from a link). */
interface SlotList {
  list: LinkedList;
  imported: RosterImport | null;
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

const button = (text: string, onClick: () => void): HTMLButtonElement => {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
};

/** The list as fielded: each formation with its points and units, the source's name and price where they differ, the breaches. */
function checkHtml(c: RosterCheck, imported: RosterImport | null): string {
  const rows = c.formations
    .map((f) => {
      const was = f.source === undefined ? '' : `<br><small>source: ${esc(f.source.name)}${f.source.points === undefined ? '' : ` (${f.source.points})`}</small>`;
      const units = f.units === undefined ? '' : `<br><small>${esc(f.units)}${f.mounted === undefined ? '' : `; mounts: ${esc(f.mounted)}`}${f.choice === undefined ? '' : `; uses ${esc(f.choice)}`}</small>`;
      const error = f.error === undefined ? '' : `<br><small class="breach">cannot be fielded: ${esc(f.error)}</small>`;
      return `<tr><td>${f.points ?? '?'}</td><td><code>${esc(f.text)}</code>${units}${was}${error}</td></tr>`;
    })
    .join('');
  const upgrades = c.upgrades.map((u) => `<tr><td>${u.points}</td><td>+${esc(u.id)} <small>(army upgrade: ${esc(u.name)})</small></td></tr>`).join('');
  let html = `<p class="list-summary"><strong>${esc(c.name)}</strong>: ${esc(c.army.name)} (${esc(c.army.id)}), <span class="list-points">${c.points.total}</span> of ${c.points.limit} points</p>`;
  html += `<table class="list-formations"><thead><tr><th scope="col">Points</th><th scope="col">Formation</th></tr></thead><tbody>${rows}${upgrades}</tbody></table>`;
  if (imported !== null) {
    const src = imported.roster.source!;
    html += `<p class="meta">Imported from ${esc(src.format)} (${src.points} points there), read against ${esc(src.against ?? '')}; points limit ${esc(imported.limit)}.</p>`;
    html += imported.differences.length === 0 ? '<p class="list-differences">Prices: every entry costs what the source says.</p>' : `<p>Prices: ${imported.differences.length} ${imported.differences.length === 1 ? 'entry differs' : 'entries differ'} from the source:</p><ul class="list-differences">${imported.differences.map((d) => `<li>${esc(d.entry)}: ${d.source} in the source, ${d.repriced} re-priced (${d.repriced > d.source ? '+' : ''}${d.repriced - d.source})</li>`).join('')}</ul>`;
    html += imported.unmapped.length === 0 ? '<p class="list-unmapped">Unmapped: none, every entry of the source is in the list.</p>' : `<p>Unmapped: ${imported.unmapped.length} ${imported.unmapped.length === 1 ? 'entry' : 'entries'} of the source left out:</p><ul class="list-unmapped">${imported.unmapped.map((u) => `<li>${esc(u.entry)}: ${esc(u.reason)}</li>`).join('')}</ul>`;
    if (imported.notes.length > 0) html += `<details><summary>Notes (${imported.notes.length})</summary><ul>${imported.notes.map((x) => `<li>${esc(x)}</li>`).join('')}</ul></details>`;
  }
  const rules = `${c.rules} construction rule${c.rules === 1 ? '' : 's'} of the army list checked`;
  html += c.breaches.length === 0 ? `<p class="list-breaches">${rules}; no breach.</p>` : `<p>${rules}; ${c.breaches.length} breach${c.breaches.length === 1 ? '' : 'es'}:</p><ul class="list-breaches">${c.breaches.map((b) => `<li>${esc(breachLine(b))}</li>`).join('')}</ul>`;
  return html;
}

function listsTable(r: MatchupResult): string {
  const row = (label: string, x: { destroyedPer100: Estimate; lostPer100: Estimate }) => `<tr><th scope="row">${esc(label)}</th><td>${est(x.destroyedPer100)}</td><td>${est(x.lostPer100)}</td></tr>`;
  return `<table class="mu-lists"><caption>Points destroyed and lost per 100 points of the list (95% interval)</caption><thead><tr><th scope="col">List</th><th scope="col">Destroyed</th><th scope="col">Lost</th></tr></thead><tbody>${row(`${r.mine.name} (${r.mine.points})`, r.lists.mine)}${row(`${r.theirs.name} (${r.theirs.points})`, r.lists.theirs)}</tbody></table>`;
}

function formationsTable(r: MatchupResult, side: Side): string {
  const rows = r.formations[side]
    .map((f) => `<tr><th scope="row">${esc(f.name)} <small>(${f.points})</small></th><td>${est(f.destroyedPer100)}</td><td>${est(f.lostPer100)}</td><td>${est(f.netPer100)}</td><td>${(100 * r.losses[side][f.index]!.share).toFixed(0)}%</td></tr>`)
    .join('');
  return `<table class="mu-formations"><caption>${esc(r[side].name)}: each formation in its own meetings, per 100 of its points; and its share of the list's loss</caption><thead><tr><th scope="col">Formation</th><th scope="col">Destroyed</th><th scope="col">Lost</th><th scope="col">Net</th><th scope="col">Share of loss</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function enemiesTable(r: MatchupResult): string {
  const names = (ids: number[]) => ids.slice(0, 3).map((i) => esc(r.mine.formations[i]!.name)).join(', ') || '—';
  const rows = r.enemies.map((e) => `<tr><th scope="row">${esc(r.theirs.formations[e.theirs]!.name)}</th><td>${names(e.best)}</td><td>${names(e.threatened)}</td></tr>`).join('');
  return `<table class="mu-enemies"><caption>Against each of their formations: my best answers (net points per 100 of mine) and the formations it threatens most</caption><thead><tr><th scope="col">Their formation</th><th scope="col">Best answers</th><th scope="col">Threatened most</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function setupLists(host: ListsHost): ListsView {
  const slots: Record<Side, SlotList | null> = { mine: null, theirs: null };
  let runner: MeetingRunner | null = null;
  let runCount = 0;
  const waiting = new PackWait<MatchupScenario>();

  const clearProblems = () => {
    for (const el of document.querySelectorAll<HTMLElement>('#lists-box .error')) {
      el.hidden = true;
      el.textContent = '';
    }
  };

  const showProblems = (box: string, problems: Problem[]) => {
    const el = $(box);
    el.textContent = problems.map((p) => `${p.file}${p.path ? `: ${p.path}` : ''}: ${p.message}`).join('\n');
    el.hidden = false;
    host.setState('error');
  };

  const showError = (box: string, e: unknown) => showProblems(box, e instanceof InputError ? e.problems : [{ file: 'the page', path: '', message: `unexpected error: ${e instanceof Error ? e.message : String(e)}` }]);

  const clearResult = () => {
    document.getElementById('result-json')?.remove();
    $('mu-results').hidden = true;
  };

  const stopRunner = () => {
    runner?.stop();
    runner = null;
  };

  /** The data lists are read against: a Tournament Pack checkout, loaded under Data. */
  const listData = (word: string | undefined): Dataset => {
    let data: Dataset;
    try {
      data = host.useData(word);
    } catch (e) {
      // main.js's InputError is another class than this bundle's: its problems are taken over.
      const problems = (e as { problems?: unknown }).problems;
      throw Array.isArray(problems) ? new InputError(problems as Problem[]) : e;
    }
    if (data.id !== 'netea-tp') throw new InputError([{ file: 'option --data', path: '', message: 'lists are read against a NetEA Tournament Pack: load a checkout (its folder or a zip) under Data above' }]);
    return data;
  };

  /** Shows a slot's list (checked against the data in use) and its list file. */
  const showSlot = (side: Side, data: Dataset) => {
    const slot = slots[side]!;
    // Named as the matchup names them (listFileNames), the other slot empty counting as a list of no name.
    const empty: LinkedList = { ...slot.list, name: '' };
    const names = listFileNames({ mine: slots.mine?.list ?? empty, theirs: slots.theirs?.list ?? empty });
    const file = names[side];
    const roster = slot.imported?.roster ?? listFileOf(slot.list, data);
    const check = slot.imported?.check ?? checkRoster(data, roster, file);
    const view = $(`list-${side}-view`);
    view.innerHTML = checkHtml(check, slot.imported);
    const pre = document.createElement('pre');
    pre.id = `list-${side}-file`;
    pre.dataset.file = file;
    pre.textContent = `${JSON.stringify(roster, null, 2)}\n`;
    const box = document.createElement('details');
    box.innerHTML = `<summary>List file (${esc(file)})</summary>`;
    box.append(button(`Download ${file}`, () => downloadText(file, pre.textContent!, 'application/json')), pre);
    view.append(box);
    view.dataset.state = 'read';
  };

  const readList = async (side: Side, source: () => RosterSource | Promise<RosterSource>) => {
    clearProblems();
    const view = $(`list-${side}-view`);
    delete view.dataset.state;
    try {
      const data = listData(host.dataWord());
      const imported = importRosterSource(data, await source());
      slots[side] = { list: linkedList(imported.roster), imported };
      showSlot(side, data);
      host.setState('ready');
    } catch (e) {
      slots[side] = null;
      view.replaceChildren();
      showError(`list-${side}-error`, e);
    }
  };

  /** The panel as the address's words, so a Play and a link are read by the same code. */
  const formWords = (): Array<[string, string]> => {
    const w: Array<[string, string]> = [
      ['matchup', listWord(slots.mine!.list)],
      ['theirs', listWord(slots.theirs!.list)],
    ];
    for (const key of ['trials', 'seed', 'chunk-size', 'workers']) {
      const v = $<HTMLInputElement>(`mu-${key}`).value.trim();
      if (v !== '') w.push([key, v]);
    }
    const word = host.dataWord();
    if (word !== 'builtin') w.push(['data', word]);
    return w;
  };

  const run = async (s: MatchupScenario) => {
    host.stopOthers();
    stopRunner();
    const run = ++runCount;
    waiting.forget();
    clearProblems();
    clearResult();
    $('mu-csv').replaceChildren();
    $('mu-chart').replaceChildren();
    delete $('mu-chart').dataset.rendered;
    $<HTMLDetailsElement>('lists-box').open = true;
    const numbers = matchupNumbers(s);
    const files = listFileNames(s);
    const loaded = referenceBattle();
    let data: Dataset;
    let inputs: ReturnType<typeof listMatchupInputs>;
    try {
      data = listData(s.data);
      // The slots show the link's lists (an imported list keeps its source while it is the same list).
      for (const side of SIDES) {
        const same = slots[side] !== null && JSON.stringify(slots[side]!.list) === JSON.stringify(s[side]);
        if (!same) slots[side] = { list: s[side], imported: null };
      }
      for (const side of SIDES) showSlot(side, data);
      inputs = listMatchupInputs(data, loaded, { file: files.mine, roster: listFileOf(s.mine, data) }, { file: files.theirs, roster: listFileOf(s.theirs, data) });
    } catch (e) {
      waiting.keepIfPackMissing(s, e);
      showError('mu-form-error', e);
      return;
    }
    const { trials, seed, chunkSize } = numbers;
    const info = matchupRun(data, loaded, numbers);
    const battleName = `${loaded.battle.name} v${loaded.battle.version}`;
    $('mu-title').textContent = `Matchup: ${s.mine.name} against ${s.theirs.name}`;
    $('mu-meta').textContent = `${trials.toLocaleString('en')} trials per meeting, seed "${seed}", chunks of ${chunkSize.toLocaleString('en')}, the ${battleName} battle (${loaded.file}), rules ${RULES_NAMES.netea}, data ${data.id} ${data.version}`;
    $('mu-headline').replaceChildren();
    $('mu-notes').innerHTML =
      [inputs.airDefenceNote, ...inputs.notes].filter((n): n is string => n !== null).map((n) => `<p class="meta">Note: ${esc(n)}</p>`).join('') +
      (inputs.unsupported.length > 0 ? `<h3>Not simulated</h3><p>These formations carry rules the engine does not model; the numbers leave them out:</p><ul>${inputs.unsupported.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : '');
    $('mu-command-line').textContent = `npx ${commandLine([...matchupArgv(s), '--json'])}`;
    $('mu-results').hidden = false;
    $('mu-actions').hidden = true;
    $('mu-progress-box').hidden = false;
    const progress = $<HTMLProgressElement>('mu-progress');
    progress.removeAttribute('value');
    $('mu-status').textContent = 'Starting…';
    delete $('mu-status').dataset.elapsedMs;
    $<HTMLButtonElement>('mu-stop').disabled = false;
    host.setState('running');
    void loadVega().catch(() => undefined);
    const started = performance.now();
    const workers = s.workers ?? Math.max(1, navigator.hardwareConcurrency || 2);
    let ranOn = '';
    const mine = meetingRunner('worker.js', workers, (p) => {
      if (run !== runCount) return;
      ranOn = p.mode;
      progress.max = Math.max(1, p.asked);
      progress.value = p.done;
      $('mu-status').textContent = `${p.done} of ${p.asked} meetings · ${p.mode} · ${((performance.now() - started) / 1000).toFixed(1)} s`;
    });
    runner = mine;
    let result: MatchupResult;
    try {
      const { pairs, meetings } = await runMatchupPairs(inputs.mine.specs, inputs.theirs.specs, loaded.battle, { seed, trials, chunkSize, airDefence: inputs.airDefence, airRaid: inputs.airRaid }, mine);
      result = matchupResult(inputs.mine.side, inputs.theirs.side, pairs, meetings);
    } catch (e) {
      if (run !== runCount) return;
      stopRunner();
      $<HTMLButtonElement>('mu-stop').disabled = true;
      if (e instanceof RunStopped) {
        $('mu-status').textContent = 'Stopped: no result (a matchup needs every meeting of every pair).';
        host.setState('stopped');
      } else showError('mu-form-error', e);
      return;
    }
    if (run !== runCount) return;
    runner = null;
    $<HTMLButtonElement>('mu-stop').disabled = true;
    const elapsedMs = performance.now() - started;
    $('mu-status').textContent = `${result.meetings} meetings of ${trials.toLocaleString('en')} trials in ${(elapsedMs / 1000).toFixed(1)} s on ${ranOn}`;
    // For tools (bench/matchupPage.ts): the run's time, from the first meeting sent to the last pair's sums.
    $('mu-status').dataset.elapsedMs = String(Math.round(elapsedMs));
    $('mu-headline').innerHTML = listsTable(result) + formationsTable(result, 'mine') + formationsTable(result, 'theirs') + enemiesTable(result);
    const pre = document.createElement('pre');
    pre.id = 'result-json';
    pre.textContent = JSON.stringify(matchupJson(info, result, inputs.notes, inputs.unsupported), null, 2);
    $('mu-json-box').append(pre);
    $('mu-actions').hidden = false;
    host.setState('done');
    const ctx: ChartContext = { trials, seed, data: { id: data.id, version: data.version }, toolVersion: host.toolVersion, note: `battle ${battleName} · rules ${RULES_NAMES.netea}` };
    const section = matchupSection(result, battleName, trials, ctx);
    for (const table of section.tables) $('mu-csv').append(button(`Download ${table.name}.csv`, () => downloadText(`${table.name}.csv`, toCsv(table), 'text/csv')));
    await drawSectionCharts($('mu-chart'), section.charts, () => run === runCount);
  };

  const runHash = (hash: string) => {
    let s: MatchupScenario;
    try {
      s = parseMatchupHash(hash);
    } catch (e) {
      $<HTMLDetailsElement>('lists-box').open = true;
      host.stopOthers();
      stopRunner();
      clearResult();
      showError('mu-form-error', e);
      return;
    }
    const set = (id: string, v: string | number | undefined) => ($<HTMLInputElement>(id).value = v === undefined ? '' : String(v));
    set('mu-trials', s.trials);
    set('mu-seed', s.seed);
    set('mu-chunk-size', s.chunkSize);
    set('mu-workers', s.workers);
    void run(s);
  };

  for (const side of SIDES) {
    $(`list-${side}-read`).addEventListener('click', () => void readList(side, () => pastedSource($<HTMLTextAreaElement>(`list-${side}-text`).value)));
    const picker = $<HTMLInputElement>(`list-${side}-file-input`);
    picker.addEventListener('change', () => {
      const f = picker.files?.[0];
      if (f) void readList(side, () => fileSource(f));
    });
    const zone = $(`list-${side}`);
    zone.addEventListener('dragover', (e) => {
      e.preventDefault();
      zone.classList.add('dropping');
    });
    zone.addEventListener('dragleave', () => zone.classList.remove('dropping'));
    zone.addEventListener('drop', (e) => {
      e.preventDefault();
      zone.classList.remove('dropping');
      const f = e.dataTransfer?.files[0];
      if (f) void readList(side, () => fileSource(f));
    });
  }
  $('lists-form').addEventListener('submit', (e) => {
    e.preventDefault();
    clearProblems();
    const missing = SIDES.filter((side) => slots[side] === null);
    if (missing.length > 0) {
      showProblems('mu-form-error', missing.map((side) => ({ file: side === 'mine' ? 'argument <my list>' : 'argument [their list]', path: '', message: 'expected a list: paste a Snapfire link or text, or drop a roster file, then read it' })));
      return;
    }
    let s: MatchupScenario;
    try {
      s = parseMatchupWords(formWords());
    } catch (err) {
      showError('mu-form-error', err);
      return;
    }
    host.pushHash(matchupHash(s));
    void run(s);
  });
  $('mu-stop').addEventListener('click', stopRunner);
  // Disabled in index.html until this bundle has loaded and set the panel up.
  for (const id of ['list-mine-read', 'list-theirs-read', 'mu-run']) $<HTMLButtonElement>(id).disabled = false;
  $('lists-box').dataset.ready = '';
  wireCopyButton($<HTMLButtonElement>('mu-copy'), $('mu-command-line'), 'Copy the command line');

  return {
    runHash,
    stop: () => {
      runCount++;
      waiting.forget();
      stopRunner();
      clearResult();
    },
    packLoaded: (name) => {
      const w = waiting.takeFor(name);
      if (w !== null) void run(w);
    },
  };
}
