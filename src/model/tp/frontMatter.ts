import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { Problem } from '../inputError.js';
import { parseYamlSubset } from './yamlSubset.js';

/** A Jekyll data file: its YAML front matter and the text after it. */
export interface FrontMatterFile {
  /** Path relative to the checkout, for messages ("_site/_units/warhound-class-titan.md"). */
  file: string;
  data: Record<string, unknown>;
  body: string;
}

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /^---[ \t]*$/m;

/**
 * Splits a file into front matter and body and parses the YAML. Returns undefined and
 * records a problem (file, where, what was expected) when the front matter is missing,
 * unterminated, not valid YAML or not a mapping.
 */
export function readFrontMatter(file: string, text: string, problems: Problem[]): FrontMatterFile | undefined {
  const open = OPEN.exec(text);
  if (!open) {
    problems.push({ file, path: 'line 1', message: 'expected the file to start with a "---" line opening its YAML front matter' });
    return undefined;
  }
  const rest = text.slice(open[0].length);
  // An empty front matter ("---\n---") closes on the first line of the rest.
  const close = CLOSE.exec(rest);
  if (!close) {
    problems.push({ file, path: 'front matter', message: 'expected a closing "---" line after the YAML front matter' });
    return undefined;
  }
  const yamlText = rest.slice(0, close.index);
  const body = rest.slice(close.index + close[0].length).replace(/^\r?\n/, '');
  let data: unknown = parseYamlSubset(yamlText);
  try {
    if (data === undefined) data = parseYaml(yamlText, { prettyErrors: false, uniqueKeys: true });
  } catch (e) {
    if (e instanceof YAMLParseError) {
      // Line in the file: the YAML starts on line 2, after the opening "---".
      const at = e.pos?.[0];
      const where = at !== undefined ? `front matter, line ${yamlText.slice(0, at).split('\n').length + 1}` : 'front matter';
      problems.push({ file, path: where, message: `expected valid YAML (${e.code}: ${firstLine(e.message)})` });
    } else {
      problems.push({ file, path: 'front matter', message: `expected valid YAML (${(e as Error).message})` });
    }
    return undefined;
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    problems.push({ file, path: 'front matter', message: `expected a YAML mapping of fields, got ${describe(data)}` });
    return undefined;
  }
  return { file, data: data as Record<string, unknown>, body };
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}

/** A short description of a YAML value for messages: `a list`, `the number 5`, `"fast"`. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return JSON.stringify(value);
  return `the ${typeof value} ${String(value)}`;
}

/**
 * Typed access to front-matter fields. Each accessor records a problem naming the file,
 * the path and what was expected when the value has the wrong shape.
 */
export class Fields {
  constructor(
    readonly file: string,
    readonly problems: Problem[],
  ) {}

  fail(path: string, expected: string, got: unknown): void {
    this.problems.push({ file: this.file, path, message: `expected ${expected}, got ${describe(got)}` });
  }

  /** A required non-empty string. */
  name(data: Record<string, unknown>, key: string): string | undefined {
    const v = data[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number') return String(v);
    this.fail(key, 'a non-empty text', v);
    return undefined;
  }

  /** An optional scalar read as text ("30cm", "4+", 2); null and missing give undefined. */
  text(data: Record<string, unknown>, key: string, path = key): string | undefined {
    const v = data[key];
    if (v === null || v === undefined) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    this.fail(path, 'a single value', v);
    return undefined;
  }

  /** An optional list; a missing or empty field is an empty list. */
  list(data: Record<string, unknown>, key: string, path = key): unknown[] {
    const v = data[key];
    if (v === null || v === undefined) return [];
    if (Array.isArray(v)) return v;
    this.fail(path, 'a list', v);
    return [];
  }

  /** An optional list of ids (special_rules, units of a force). */
  ids(data: Record<string, unknown>, key: string): string[] {
    const out: string[] = [];
    this.list(data, key).forEach((v, i) => {
      if (typeof v === 'string' && v.trim() !== '') out.push(v.trim());
      else this.fail(`${key}[${i}]`, 'an id such as "fearless"', v);
    });
    return out;
  }

  /** A list entry that must be a mapping (weapons[0], modes[1]). */
  mapping(v: unknown, path: string): Record<string, unknown> | undefined {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    this.fail(path, 'a mapping of fields', v);
    return undefined;
  }
}
