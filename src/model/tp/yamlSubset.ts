/**
 * A fast reader for the small part of YAML that Jekyll front matter in the Tournament Pack
 * uses: block mappings, block sequences (of scalars or mappings), plain and quoted
 * one-line scalars, and literal block scalars ("|"). It exists for speed: the full `yaml`
 * parser needs about a second to warm up over the checkout's ~1,250 files.
 *
 * It never guesses. On anything outside that subset (flow collections, anchors, tags,
 * comments, folded or multi-line scalars, tabs, escapes, floats, duplicate keys, ...) it
 * returns undefined and the caller uses the `yaml` package, which also produces the error
 * messages for malformed input. A test checks that both agree on every file of a checkout.
 */

/** Thrown internally to abandon the fast path. */
class Unsupported extends Error {}

interface Line {
  indent: number;
  /** The line without its indentation and trailing white space. */
  text: string;
  raw: string;
}

const KEY = /^([A-Za-z0-9_][A-Za-z0-9_ -]*?):(?: (.*))?$/;

export function parseYamlSubset(source: string): unknown {
  const lines: Line[] = [];
  for (const raw of source.split(/\r?\n/)) {
    const lead = /^[ \t]*/.exec(raw)![0];
    if (lead.includes('\t')) return undefined;
    lines.push({ indent: lead.length, text: raw.slice(lead.length).trimEnd(), raw });
  }
  const reader = new Reader(lines);
  try {
    reader.skipBlank();
    if (reader.done()) return {};
    const first = reader.peek()!;
    if (first.indent !== 0 || !KEY.test(first.text)) return undefined;
    const root = reader.mapping(0);
    reader.skipBlank();
    if (!reader.done()) return undefined;
    return root;
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

class Reader {
  private i = 0;

  constructor(private readonly lines: Line[]) {}

  done(): boolean {
    return this.i >= this.lines.length;
  }

  peek(): Line | undefined {
    return this.lines[this.i];
  }

  skipBlank(): void {
    while (this.i < this.lines.length && this.lines[this.i]!.text === '') this.i++;
  }

  /** The value of a key written with nothing after the colon: a child block, or null. */
  private childOf(indent: number): unknown {
    this.skipBlank();
    const next = this.peek();
    if (!next) return null;
    if (next.indent === indent && (next.text === '-' || next.text.startsWith('- '))) return this.sequence(indent);
    if (next.indent <= indent) return null;
    if (/^\|[-+]?$/.test(next.text)) {
      this.i++;
      return this.literal(next.text, indent);
    }
    if (next.text === '-' || next.text.startsWith('- ')) return this.sequence(next.indent);
    if (KEY.test(next.text)) return this.mapping(next.indent);
    throw new Unsupported();
  }

  mapping(indent: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (;;) {
      this.skipBlank();
      const line = this.peek();
      if (!line || line.indent < indent) return out;
      if (line.indent > indent) throw new Unsupported();
      const m = KEY.exec(line.text);
      if (!m || line.text.startsWith('- ')) {
        if (line.text === '-' || line.text.startsWith('- ')) return out;
        throw new Unsupported();
      }
      const key = m[1]!.trimEnd();
      if (key !== m[1] || Object.prototype.hasOwnProperty.call(out, key) || key === '__proto__') throw new Unsupported();
      this.i++;
      const rest = (m[2] ?? '').trim();
      if (rest === '') out[key] = this.childOf(indent);
      else if (/^\|[-+]?$/.test(rest)) out[key] = this.literal(rest, indent);
      else out[key] = scalar(rest);
    }
  }

  sequence(indent: number): unknown[] {
    const out: unknown[] = [];
    for (;;) {
      this.skipBlank();
      const line = this.peek();
      if (!line || line.indent < indent) return out;
      if (line.indent > indent) throw new Unsupported();
      if (line.text === '-') {
        this.i++;
        this.skipBlank();
        const next = this.peek();
        if (!next || next.indent <= indent) out.push(null);
        else if (next.text === '-' || next.text.startsWith('- ')) out.push(this.sequence(next.indent));
        else if (KEY.test(next.text)) out.push(this.mapping(next.indent));
        else throw new Unsupported();
        continue;
      }
      if (!line.text.startsWith('- ')) return out;
      const content = line.text.slice(2).trimStart();
      const column = indent + (line.text.length - content.length);
      if (content.startsWith('-') || content.startsWith('|')) throw new Unsupported();
      if (KEY.test(content)) {
        // "- id: plasma-blastgun": a mapping that starts on the dash's line.
        this.lines[this.i] = { indent: column, text: content, raw: line.raw };
        out.push(this.mapping(column));
        continue;
      }
      this.i++;
      out.push(scalar(content));
    }
  }

  /** A literal block scalar ("|", "|-", "|+") whose parent sits at `parentIndent`. */
  literal(indicator: string, parentIndent: number): string {
    const body: Line[] = [];
    let contentIndent = -1;
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      if (line.text === '') {
        body.push(line);
        this.i++;
        continue;
      }
      if (contentIndent < 0) {
        if (line.indent <= parentIndent) break;
        contentIndent = line.indent;
      }
      if (line.indent < contentIndent) break;
      body.push(line);
      this.i++;
    }
    // Trailing blank lines belong to the chomping, not to the next key.
    let end = body.length;
    while (end > 0 && body[end - 1]!.text === '') end--;
    const kept = body.slice(0, end);
    const trailing = body.length - end;
    if (contentIndent < 0) {
      if (indicator === '|+') throw new Unsupported();
      return '';
    }
    for (const l of body) if (l.text === '' && l.raw.length > contentIndent) throw new Unsupported();
    const text = kept.map((l) => (l.text === '' ? '' : l.raw.slice(contentIndent))).join('\n');
    if (indicator === '|-') return text;
    if (indicator === '|+') return text + '\n'.repeat(trailing + 1);
    return text + '\n';
  }
}

/** A one-line scalar: quoted, or plain with the YAML 1.2 core-schema types the TP uses. */
function scalar(text: string): unknown {
  const t = text.trim();
  if (t.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(t)) throw new Unsupported();
    return t.slice(1, -1).replace(/''/g, "'");
  }
  if (t.startsWith('"')) {
    if (!/^"[^"\\]*"$/.test(t)) throw new Unsupported();
    return t.slice(1, -1);
  }
  if (/^[[\]{}&*!|>%@`#]/.test(t) || /:\s|\s#|:$/.test(t) || t.startsWith('- ') || t === '-' || t.startsWith('? ')) throw new Unsupported();
  if (t === '~' || /^(null|Null|NULL)$/.test(t)) return null;
  if (/^(true|True|TRUE)$/.test(t)) return true;
  if (/^(false|False|FALSE)$/.test(t)) return false;
  if (/^[-+]?[0-9]+$/.test(t)) {
    const n = Number(t);
    if (!Number.isSafeInteger(n)) throw new Unsupported();
    return n;
  }
  // Floats, octal, hex, infinities and NaN are left to the full parser.
  if (/^[-+]?(\.[0-9]|[0-9]+\.|[0-9]+[eE])|^0[ox]|^[-+]?\.(inf|Inf|INF|nan|NaN|NAN)$/.test(t)) throw new Unsupported();
  return t;
}
