import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { FONT, type VlSpec } from './charts/frame.js';
import { FontMetrics } from './fontMetrics.js';
import { packageDir, packageFile } from './packageFiles.js';

/** The fonts charts are drawn with, from the dejavu-fonts-ttf package (never the machine's). */
export function fontFiles(): string[] {
  return ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'].map((f) => packageFile('dejavu-fonts-ttf', `ttf/${f}`));
}

interface TextItem {
  fontSize?: number | string;
  fontWeight?: string | number;
  fontStyle?: string;
  limit?: number;
  text?: unknown;
}

type WidthFn = (item: TextItem, text?: unknown) => number;
interface TextMetrics {
  width: WidthFn;
}

/**
 * Every copy of vega-scenegraph that vega's packages load. npm may install
 * several versions side by side (vega-view's renderer can use one, the
 * bounds code another); each has its own textMetrics, and all must measure
 * alike or labels are cut where their bounds say they fit.
 */
function scenegraphCopies(): string[] {
  const root = dirname(packageDir('vega'));
  const out: string[] = [];
  const visit = (modules: string, depth: number) => {
    if (depth > 4 || !existsSync(modules)) return;
    for (const name of readdirSync(modules)) {
      if (!name.startsWith('vega')) continue;
      const dir = join(modules, name);
      if (name === 'vega-scenegraph' && existsSync(join(dir, 'build', 'vega-scenegraph.js'))) out.push(join(dir, 'build', 'vega-scenegraph.js'));
      visit(join(dir, 'node_modules'), depth + 1);
    }
  };
  visit(root, 0);
  return out;
}

let installed: Promise<void> | undefined;

/**
 * Makes vega measure text with DejaVu Sans's real advance widths (see
 * FontMetrics), in every copy of vega-scenegraph. A text with a width limit
 * measures at most the limit, which is all vega's truncation asks ("does it
 * fit?") and keeps truncated labels' bounds right.
 */
export function installTextMetrics(): Promise<void> {
  installed ??= (async () => {
    const [regular, bold, oblique] = fontFiles().map((f) => new FontMetrics(f));
    const width: WidthFn = (item, text) => {
      const s = (text === undefined || text === null ? '' : String(text)).trim();
      const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
      const w = item.fontWeight;
      const isBold = w === 'bold' || w === 'bolder' || Number(w) >= 600;
      const font = isBold ? bold! : item.fontStyle === 'italic' || item.fontStyle === 'oblique' ? oblique! : regular!;
      const measured = font.width(s, size);
      return item.limit && item.limit > 0 ? Math.min(measured, item.limit) : measured;
    };
    (vega as unknown as { textMetrics: TextMetrics }).textMetrics.width = width;
    for (const file of scenegraphCopies()) {
      const mod = (await import(pathToFileURL(file).href)) as { textMetrics?: TextMetrics };
      if (mod.textMetrics) mod.textMetrics.width = width;
    }
  })();
  return installed;
}

/** Compiles a Vega-Lite spec to Vega (throws on an invalid spec). The spec is copied: vega tags data objects it is given. */
export function toVega(spec: VlSpec): vega.Spec {
  return compile(structuredClone(spec) as never).spec as vega.Spec;
}

/** Renders a Vega-Lite spec to SVG with vega's headless view (no browser, no canvas). */
export async function renderSvg(spec: VlSpec): Promise<string> {
  await installTextMetrics();
  const view = new vega.View(vega.parse(toVega(spec)), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Rasterises an SVG to PNG with resvg, at `scale` times its size, text in DejaVu Sans. */
export function svgToPng(svg: string, scale = 2): Buffer {
  const resvg = new Resvg(svg, {
    font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: FONT },
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
  });
  return resvg.render().asPng();
}
