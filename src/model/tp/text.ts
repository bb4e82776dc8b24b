/** Small text helpers shared by the Tournament Pack importer. */

/** Folds accents and typographic quotes: "Götterdämmerung" → "Gotterdammerung", ’ → '. */
export function fold(s: string): string {
  return s
    .replace(/Æ/g, 'Ae')
    .replace(/æ/g, 'ae')
    .replace(/Œ/g, 'Oe')
    .replace(/œ/g, 'oe')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00a0/g, ' ');
}

/** A kebab-case id from a name: "Shas’o" → "shas-o", "0–1 Strike Cruiser" → "0-1-strike-cruiser". */
export function slug(s: string): string {
  return fold(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whether a string is already a valid data-model id. */
export function isId(s: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s);
}

/** Collapses white space and trims. */
export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

const WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, single: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7,
  eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15,
  sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40,
};

/** A count written as a word or digits ("twelve", "9", "a"); undefined if it is not one. */
export function countWord(word: string): number | undefined {
  const w = word.toLowerCase();
  if (/^[0-9]+$/.test(w)) return Number(w);
  return WORDS[w];
}

/** The regular-expression alternation of count words, for building patterns. */
export const COUNT_RE = `(?:[0-9]+|${Object.keys(WORDS).join('|')})`;

/** Lower-case, folded, punctuation-free form used to compare names. */
export function nameKey(s: string): string {
  return fold(s)
    .toLowerCase()
    .replace(/['"]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Plural forms a list may write for a name ("Land Raider" → "land raiders"; "Vessel of Pain" → "vessels of pain"). */
export function pluralKeys(key: string): string[] {
  const out = new Set<string>();
  const plural = (w: string): string[] => {
    if (/(s|x|z|ch|sh)$/.test(w)) return [w + 'es', w];
    if (/[^aeiou]y$/.test(w)) return [w.slice(0, -1) + 'ies', w + 's'];
    if (/o$/.test(w)) return [w + 'es', w + 's'];
    if (/man$/.test(w)) return [w.slice(0, -3) + 'men', w + 's'];
    return [w + 's'];
  };
  const words = key.split(' ');
  const last = words.length - 1;
  for (const p of plural(words[last]!)) out.add([...words.slice(0, last), p].join(' '));
  const of = words.indexOf('of');
  if (of > 0) {
    for (const p of plural(words[of - 1]!)) out.add([...words.slice(0, of - 1), p, ...words.slice(of)].join(' '));
  }
  out.delete(key);
  return [...out];
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent swaps), capped at `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1);
    cur[0] = i;
    let best = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j]!;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Strips HTML tags and Markdown emphasis from a TP text fragment and squashes white space. */
export function plainText(s: string): string {
  return squash(
    s
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ')
      .replace(/&#39;|&rsquo;/g, '’')
      .replace(/(^|[\s(])_([^_]+)_(?=[\s.,;:)]|$)/g, '$1$2'),
  );
}
