/** One problem with user input: the file, where inside it, and what was expected. */
export interface Problem {
  file: string;
  /** Path inside the file, e.g. "units[3].weapons[0].weapon"; empty for the whole file. */
  path: string;
  message: string;
}

/**
 * Bad input (a datasheet, an experiment, a flag). The CLI prints one line per
 * problem and exits with code 2; nothing is written.
 */
export class InputError extends Error {
  readonly problems: Problem[];

  constructor(problems: Problem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'InputError';
    this.problems = problems;
  }
}

/** One line, always: a line break inside (a JSON parser quoting the file's first line) is written as \n. */
export function formatProblem(p: Problem): string {
  const where = p.path ? `${p.file}: ${p.path}` : p.file;
  return `${where}: ${p.message}`.replace(/\r?\n/g, '\\n');
}

/** A zod issue path as "units[3].weapons[0]". */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** A formation text that cannot be fielded ("codex-astartes/tactical+land-raiders@predator"): one problem naming the text. */
export function formationTextError(text: string, message: string): InputError {
  return new InputError([{ file: `formation "${text}"`, path: '', message }]);
}
