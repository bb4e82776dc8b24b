import type { Result } from 'vega-embed';
import type embedFunction from 'vega-embed';
import type { VlSpec } from '../../src/reports/charts/frame.js';
import { fitChart } from './chartFit.js';

/** vega-embed, as vega.js (site/src/vega.ts) puts it on the page. */
export type VegaEmbed = typeof embedFunction;
export type EmbedSpec = Parameters<VegaEmbed>[1];

let vega: Promise<VegaEmbed> | null = null;

/** Loads vega.js (the chart library, a bundle of its own) once. */
export function loadVega(): Promise<VegaEmbed> {
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

/**
 * Draws a report's chart as the command line draws it, and returns its view (what the downloads
 * give); on a screen narrower than the chart it is redrawn to fit (chartFit.ts).
 */
export async function drawChart(embed: VegaEmbed, el: HTMLElement, spec: VlSpec): Promise<Result['view']> {
  const { view } = await embed(el, spec as EmbedSpec, { actions: false, renderer: 'svg' });
  const room = el.clientWidth;
  if ((el.querySelector('svg')?.viewBox.baseVal.width ?? 0) > room) {
    el.replaceChildren();
    await embed(el, fitChart(spec, room) as EmbedSpec, { actions: false, renderer: 'svg' });
    el.dataset.fitted = String(room);
  }
  return view;
}

/**
 * Draws a report section's charts into `target`, one holder each (`#chart-<name>`), and marks how
 * many were drawn (`data-rendered`, what the page tests wait for); stops when `current()` says a
 * newer run has started, and puts the reason first in `target` when the charts cannot be drawn.
 */
export async function drawSectionCharts(target: HTMLElement, charts: ReadonlyArray<{ name: string; spec: unknown }>, current: () => boolean): Promise<void> {
  try {
    const embed = await loadVega();
    for (const chart of charts) {
      if (!current()) return;
      const holder = document.createElement('div');
      holder.className = 'chart';
      holder.id = `chart-${chart.name}`;
      target.append(holder);
      await drawChart(embed, holder, chart.spec as VlSpec);
    }
    target.dataset.rendered = String(charts.length);
  } catch (e) {
    const error = document.createElement('p');
    error.className = 'error';
    error.setAttribute('role', 'alert');
    error.textContent = `The chart could not be drawn: ${e instanceof Error ? e.message : String(e)}`;
    target.prepend(error);
  }
}
