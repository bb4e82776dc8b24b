import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { formatPath, InputError, type Problem } from '../../../model/inputError.js';
import { projectRoot } from '../../../model/projectRoot.js';
import { Army } from './schema.js';

/** The Epic 40,000 army lists shipped in datasheets/epic40k/, validated (loaded once). */
let lists: Map<string, Army> | undefined;

export function epic40kListFiles(): string[] {
  const dir = join(projectRoot(), 'datasheets', 'epic40k');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .sort()
    .map((f) => join(dir, f));
}

/** Parses one list file; problems name the file and the path inside it. */
export function parseEpic40kList(file: string, text: string): { army: Army | null; problems: Problem[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { army: null, problems: [{ file, path: '', message: `not JSON: ${(e as Error).message}` }] };
  }
  const r = Army.safeParse(json);
  if (!r.success) return { army: null, problems: r.error.issues.map((i) => ({ file, path: formatPath(i.path), message: i.message })) };
  return { army: r.data, problems: [] };
}

export function loadEpic40kLists(): Map<string, Army> {
  if (lists) return lists;
  const problems: Problem[] = [];
  const out = new Map<string, Army>();
  for (const path of epic40kListFiles()) {
    const { army, problems: p } = parseEpic40kList(`datasheets/epic40k/${basename(path)}`, readFileSync(path, 'utf8'));
    problems.push(...p);
    if (army) out.set(army.id, army);
  }
  if (problems.length > 0) throw new InputError(problems);
  lists = out;
  return out;
}

/** What every Epic 40,000 report and manifest names as its data: the lists and their hash. */
let dataId: { id: string; version: string } | undefined;
export function epic40kData(): { id: string; version: string } {
  if (dataId) return dataId;
  const hash = createHash('sha256');
  for (const f of epic40kListFiles()) hash.update(basename(f)).update('\0').update(readFileSync(f, 'utf8')).update('\0');
  dataId = { id: 'epic40k-battlebible-1998', version: `sha256:${hash.digest('hex').slice(0, 12)}` };
  return dataId;
}
