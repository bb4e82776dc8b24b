import { readFileSync } from 'node:fs';

/**
 * Advance widths read from a TrueType font, to measure text as the PNG
 * renderer will draw it. Vega measures text with a canvas when it has one and
 * otherwise guesses 0.8 em per character, which makes every label, title and
 * chart bound about a third too wide; with these widths the headless SVG is
 * laid out for the font it is drawn with. Kerning is ignored.
 */
export class FontMetrics {
  private readonly unitsPerEm: number;
  private readonly advances: Uint16Array;
  private readonly glyphOf: (code: number) => number;
  private readonly cache = new Map<number, number>();

  constructor(file: string) {
    const buf = readFileSync(file);
    const data = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const tables = new Map<string, number>();
    const numTables = data.getUint16(4);
    for (let i = 0; i < numTables; i++) {
      const rec = 12 + 16 * i;
      const tag = String.fromCharCode(data.getUint8(rec), data.getUint8(rec + 1), data.getUint8(rec + 2), data.getUint8(rec + 3));
      tables.set(tag, data.getUint32(rec + 8));
    }
    const need = (tag: string) => {
      const off = tables.get(tag);
      if (off === undefined) throw new Error(`${file}: no "${tag}" table; expected a TrueType font`);
      return off;
    };
    this.unitsPerEm = data.getUint16(need('head') + 18);
    const numberOfHMetrics = data.getUint16(need('hhea') + 34);
    const hmtx = need('hmtx');
    this.advances = new Uint16Array(numberOfHMetrics);
    for (let g = 0; g < numberOfHMetrics; g++) this.advances[g] = data.getUint16(hmtx + 4 * g);
    this.glyphOf = cmapFormat4(data, need('cmap'), file);
  }

  /** Advance of one character in em. */
  private advance(code: number): number {
    let w = this.cache.get(code);
    if (w === undefined) {
      const g = this.glyphOf(code);
      w = this.advances[Math.min(g, this.advances.length - 1)]! / this.unitsPerEm;
      this.cache.set(code, w);
    }
    return w;
  }

  /** Width of `text` at `fontSize` pixels. */
  width(text: string, fontSize: number): number {
    let em = 0;
    for (const ch of text) em += this.advance(ch.codePointAt(0)!);
    return em * fontSize;
  }
}

/** The glyph lookup of the Windows Unicode BMP cmap subtable (platform 3, encoding 1, format 4). */
function cmapFormat4(data: DataView, cmap: number, file: string): (code: number) => number {
  const n = data.getUint16(cmap + 2);
  let sub = -1;
  for (let i = 0; i < n; i++) {
    const rec = cmap + 4 + 8 * i;
    if (data.getUint16(rec) === 3 && data.getUint16(rec + 2) === 1) sub = cmap + data.getUint32(rec + 4);
  }
  if (sub < 0 || data.getUint16(sub) !== 4) throw new Error(`${file}: no Unicode BMP (3, 1) format-4 cmap`);
  const segCount = data.getUint16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segCount + 2;
  const deltas = starts + 2 * segCount;
  const rangeOffsets = deltas + 2 * segCount;
  return (code: number) => {
    if (code > 0xffff) return 0;
    for (let i = 0; i < segCount; i++) {
      if (data.getUint16(ends + 2 * i) < code) continue;
      const start = data.getUint16(starts + 2 * i);
      if (start > code) return 0;
      const delta = data.getUint16(deltas + 2 * i);
      const ro = data.getUint16(rangeOffsets + 2 * i);
      if (ro === 0) return (code + delta) & 0xffff;
      const g = data.getUint16(rangeOffsets + 2 * i + ro + 2 * (code - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
}
