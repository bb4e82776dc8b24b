import type { CriticalEffect, CriticalPart, DiceExpr } from '../schema.js';
import { parseDiceExpr } from './firepower.js';
import { fold, squash } from './text.js';

/**
 * War-engine critical hit effects, as the Tournament Pack prints them in a unit's notes
 * ("Critical Hit Effect: ..."). The common wordings become CriticalParts; every sentence the
 * importer does not recognise is kept as an `unsupported` part with its text.
 */

/** Sentences that follow the critical effect in a note but are not part of it. */
const NOT_CRITICAL = /^(armed with|may (transport|carry)|counts as|mars ordinatus|if a |if an )|\barmed with\b/i;

export interface CriticalSplit {
  critical?: CriticalEffect;
  /** The effect as printed, when the note has one. */
  text?: string;
}

/** Finds "Critical Hit Effect: ..." in a unit's notes and parses it. */
export function extractCritical(notes: string | undefined): CriticalSplit {
  if (!notes) return {};
  const at = notes.search(/critical hit effect/i);
  if (at < 0) return {};
  let rest = notes.slice(at).replace(/^(critical hit effect\s*:\s*)+/i, '');
  if (rest === notes.slice(at)) {
    // "Critical Hit Effect roll of a 6." and the like: no effect to parse.
    const text = squash(rest);
    return { text, critical: { text, parts: [{ kind: 'unsupported', what: text }] } };
  }
  rest = squash(rest);
  const sentences = splitSentences(rest);
  const kept: string[] = [];
  for (const s of sentences) {
    if (kept.length > 0 && NOT_CRITICAL.test(s)) break;
    kept.push(s);
  }
  const text = kept.join(' ');
  return { text, critical: { text, parts: parseCriticalSentences(kept) } };
}

/** Splits on ". " before a capital letter (the TP's sentences), keeping the full stops. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=\.)\s+(?=[A-Z_])/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Parses the sentences of one effect; exported for tests. */
export function parseCritical(text: string): CriticalEffect {
  const t = squash(text);
  return { text: t, parts: parseCriticalSentences(splitSentences(t)) };
}

type Matcher = (s: string[], i: number) => { parts: CriticalPart[]; used: number } | undefined;

const N = (s: string): string => fold(s).toLowerCase().replace(/[_*]/g, '').replace(/\.$/, '').trim();

/** "1", "4-6", "5-6" → the faces. */
function faces(text: string): number[] | undefined {
  const m = /^([1-6])(?:\s*-\s*([1-6]))?$/.exec(text.trim());
  if (!m) return undefined;
  const lo = Number(m[1]);
  const hi = m[2] !== undefined ? Number(m[2]) : lo;
  if (hi < lo) return undefined;
  return Array.from({ length: hi - lo + 1 }, (_, k) => lo + k);
}

type HitsAround = NonNullable<Extract<CriticalPart, { kind: 'destroyed' }>['hitsAround']>;

/**
 * The hits a critical deals to the units around, in the TP's wordings: "All units within 5cm
 * suffer a hit on a roll of 4+", "... suffer a macro-weapon hit on a roll of 6+", "... take a
 * MW4+ hit", "The unit and all units within 5cm of the unit suffer a titan killer hit on a roll
 * of 4+", "All units within 5cm are subject to an AP5+ attack". Anything after " and " is
 * returned as `rest`.
 */
function hitsAroundOf(sentence: string): { hitsAround: HitsAround; rest?: string } | undefined {
  const a = N(sentence);
  const kinds: Record<string, HitsAround['hit']> = { 'macro-weapon ': 'macro-weapon', 'titan killer ': 'titan-killer' };
  let m = /^(the unit and )?all units within ([0-9]*d6|[0-9]+)cm(?: of the (?:model|unit))? (?:suffer|take) an? (macro-weapon |titan killer )?hit(?: on a roll of ([1-6])\+)?(?: and (.+))?$/.exec(a);
  if (m) {
    const hitsAround: HitsAround = { toHit: m[4] !== undefined ? Number(m[4]) : 1, ...rangeOf(m[2]!) };
    if (m[3] !== undefined) hitsAround.hit = kinds[m[3]];
    if (m[1] !== undefined) hitsAround.includesSelf = true;
    return m[5] !== undefined ? { hitsAround, rest: m[5] } : { hitsAround };
  }
  m = /^all units within ([0-9]+)cm (?:suffer|take) an? mw([1-6])\+ hit$/.exec(a);
  if (m) return { hitsAround: { toHit: Number(m[2]), rangeCm: Number(m[1]), hit: 'macro-weapon' } };
  m = /^all units within ([0-9]+)cm are subject to an ap([1-6])\+ attack$/.exec(a);
  if (m) return { hitsAround: { toHit: Number(m[2]), rangeCm: Number(m[1]), hit: 'ap' } };
  return undefined;
}

/** "5" → 5 cm; "2d6" → rolled each time, 12 cm at most. */
function rangeOf(text: string): Pick<HitsAround, 'rangeCm' | 'rangeRoll'> {
  const m = /^([0-9]*)d6$/.exec(text);
  if (!m) return { rangeCm: Number(text) };
  const n = m[1] !== '' ? Number(m[1]) : 1;
  return { rangeCm: 6 * n, rangeRoll: `${n > 1 ? n : ''}D6` };
}

const destroyed: Matcher = (s, i) => {
  const a = N(s[i]!);
  let part: Extract<CriticalPart, { kind: 'destroyed' }> | undefined;
  if (/^(the unit is )?destroyed$/.test(a) || /^the unit and all units (being carried|on board) are destroyed$/.test(a)) {
    part = { kind: 'destroyed' };
  }
  const survive = /^the unit is destroyed and all units being carried are destroyed unless they roll a ([1-6])\+$/.exec(a);
  if (survive) part = { kind: 'destroyed', passengersSurviveOn: faces(`${survive[1]}-6`)! };
  // "The unit is destroyed, all summoned units within 5cm are destroyed on a roll of 6+."
  const clause = /^(?:the unit is )?destroyed, (.+)$/.exec(a);
  if (!part && clause) return { parts: [{ kind: 'destroyed' }, { kind: 'unsupported', what: s[i]! }], used: 1 };
  if (!part) return undefined;
  const next = s[i + 1] !== undefined ? hitsAroundOf(s[i + 1]!) : undefined;
  if (next && next.rest === undefined && next.hitsAround.includesSelf !== true) {
    part.hitsAround = next.hitsAround;
    return { parts: [part], used: 2 };
  }
  return { parts: [part], used: 1 };
};

const damage: Matcher = (s, i) => {
  const m = /^the unit takes (?:an extra|a|one|an additional) point of damage(?: and (.+))?$/.exec(N(s[i]!));
  if (!m) return undefined;
  const parts: CriticalPart[] = [{ kind: 'damage', amount: 1 }];
  const passengers = /^(d3|[0-9]+) units of the player'?s choice that are being transported are destroyed$/.exec(m[1] ?? '');
  if (passengers) parts.push({ kind: 'passengers-killed', count: passengers[1] === 'd3' ? 'D3' : Number(passengers[1]) });
  else if (/^is immobili[sz]ed$/.test(m[1] ?? '')) parts.push({ kind: 'movement', what: s[i]! });
  // Cyclops: "... and will take an extra point of damage whenever the Hellfury Cannon misses."
  else if (/^will take an extra point of damage whenever the .+ misses$/.test(m[1] ?? '')) parts.push({ kind: 'damage-on-miss', weapon: /whenever the (.+) misses\.?$/i.exec(fold(s[i]!))![1]!, amount: 1 });
  // A move that the stagger matcher (tried first) did not recognise stays unsupported.
  // The unsupported part keeps the whole printed sentence.
  else if (m[1] !== undefined) parts.push({ kind: 'unsupported', what: s[i]! });
  return { parts, used: 1 };
};

/**
 * "Subsequent critical hits destroy the unit (and all units within 5cm ... suffer a hit on a
 * roll of 4+)" / "... cause one point of damage": what each critical after the first does.
 */
const subsequent: Matcher = (s, i) => {
  const m = /^subsequent critical hits (.+)$/.exec(N(s[i]!));
  if (!m) return undefined;
  const marker: CriticalPart = { kind: 'subsequent' };
  if (/^cause (?:an extra|one|a) point of damage$/.test(m[1]!)) return { parts: [marker, { kind: 'damage', amount: 1 }], used: 1 };
  const d = /^destroy the unit(?: and (all units within .+))?$/.exec(m[1]!);
  if (!d) return undefined;
  const part: Extract<CriticalPart, { kind: 'destroyed' }> = { kind: 'destroyed' };
  if (d[1] !== undefined) {
    const around = hitsAroundOf(d[1]);
    if (!around || around.rest !== undefined) return undefined;
    part.hitsAround = around.hitsAround;
  }
  return { parts: [marker, part], used: 1 };
};

/**
 * What only moves, slows or immobilises the war engine (TP): "The unit's speed value is reduced
 * to 25cm and it loses the Jump Packs ability.", "The unit looses Portal.", and the random moves
 * with hits on the units it runs over ("Move the unit 3D6cm in a random direction. If it moves
 * into impassable terrain or a war engine unit it will stop. All units it moves into or over
 * suffer a hit."), which, like the Warhound's stagger, need a table the model does not have.
 */
const movement: Matcher = (s, i) => {
  const a = N(s[i]!);
  if (/^the unit'?s speed value is reduced to [0-9]+cm(?: and it loses the [a-z ]+ ability)?$/.test(a) || /^the unit loo?ses portal$/.test(a)) {
    return { parts: [{ kind: 'movement', what: s[i]! }], used: 1 };
  }
  if (!/^move the unit [0-9]*d6cm in a random direction(?:, all units under it suffer a hit)?$/.test(a)) return undefined;
  let used = 1;
  while (/^(?:if it moves into |all units it moves into or over suffer a hit)/.test(N(s[i + used] ?? ''))) used++;
  return { parts: [{ kind: 'movement', what: s.slice(i, i + used).join(' ') }], used };
};

/**
 * Land Train: "Choose a random character added to this unit and remove it, remembering to reduce
 * the unit's starting damage capacity and void shields values. The unit is immobilized for its
 * next activation or withdrawal. If the unit doesn't have any characters added to it then it is
 * destroyed." The immobilisation is movement.
 */
const losesCharacter: Matcher = (s, i) => {
  if (!/^choose a random character added to this unit and remove it, remembering to reduce the unit'?s starting damage capacity and void shields values$/.test(N(s[i]!))) return undefined;
  const immobilised = /^the unit is immobili[sz]ed(?: for its next activation or withdrawal)?$/.test(N(s[i + 1] ?? ''));
  const last = immobilised ? i + 2 : i + 1;
  if (!/^if the unit doesn'?t have any characters added to it,? then it is destroyed$/.test(N(s[last] ?? ''))) return undefined;
  const parts: CriticalPart[] = [{ kind: 'loses-character' }];
  if (immobilised) parts.push({ kind: 'movement', what: s[i + 1]! });
  return { parts, used: last + 1 - i };
};

const reactor: Matcher = (s, i) => {
  if (!/plasma reactor has been breached$/.test(N(s[i]!))) return undefined;
  if (!/^roll a d6 for each breach on the unit in the end phase of each turn$/.test(N(s[i + 1] ?? ''))) return undefined;
  const m =
    /^on a roll of ([1-6](?:-[1-6])?) the unit is destroyed(?: and all units within ([0-9]+)cm suffer a hit on a roll of ([1-6])\+)?, and on a roll of ([1-6](?:-[1-6])?) the breach has been repaired$/.exec(
      N(s[i + 2] ?? ''),
    );
  if (!m) return undefined;
  if (!/^any breach not repaired causes one point of damage$/.test(N(s[i + 3] ?? ''))) return undefined;
  const destroyedOn = faces(m[1]!);
  const repairedOn = faces(m[4]!);
  if (!destroyedOn || !repairedOn) return undefined;
  const damageOn = [1, 2, 3, 4, 5, 6].filter((f) => !destroyedOn.includes(f) && !repairedOn.includes(f));
  const part: CriticalPart = { kind: 'reactor', destroyedOn, damageOn, repairedOn };
  if (m[2] !== undefined) part.hitsAround = { toHit: Number(m[3]), rangeCm: Number(m[2]) };
  return { parts: [part], used: 4 };
};

const fire: Matcher = (s, i) => {
  if (!/^the unit catches fires?$/.test(N(s[i]!))) return undefined;
  if (!/^roll a d6 for each fire burning on the unit in the end phase of each turn$/.test(N(s[i + 1] ?? ''))) return undefined;
  const m = /^on a roll of ([1-6](?:-[1-6])?) a second fire starts, and on a roll of ([1-6](?:-[1-6])?) the fire is put out$/.exec(N(s[i + 2] ?? ''));
  if (!m) return undefined;
  if (!/^any fires not put out cause one point of damage$/.test(N(s[i + 3] ?? ''))) return undefined;
  const spreadOn = faces(m[1]!);
  const outOn = faces(m[2]!);
  if (!spreadOn || !outOn) return undefined;
  return { parts: [{ kind: 'fire', spreadOn, outOn }], used: 4 };
};

/**
 * Warhound (TP): "The unit takes a point of damage and is moved D6cm in a random direction. If
 * this move takes the titan into impassable terrain or another unit it can't move over then it
 * stops immediately and is destroyed. All units it moves into or over suffer a hit on a roll of 6+."
 * Feral/Questor titans: "Move the unit D6cm in a random direction. If it moves into impassable
 * terrain or another unit it can't move over it will stop and suffer one point of damage. ..."
 */
const stagger: Matcher = (s, i) => {
  const first = N(s[i]!);
  const m =
    /^the unit takes (?:an extra|a|one) point of damage and (?:is moved|moves) ([0-9]*d[36]|[0-9]+)cm in a random direction$/.exec(first) ??
    /^move the unit ([0-9]*d[36]|[0-9]+)cm in a random direction$/.exec(first);
  if (!m) return undefined;
  const distance: DiceExpr | undefined = parseDiceExpr(m[1]!);
  if (distance === undefined) return undefined;
  const blocked = N(s[i + 1] ?? '');
  let onBlocked: 'damage' | 'destroyed';
  if (/^if (?:this move takes the titan|it moves) into impassable terrain or another unit it can'?t move over,? (?:then )?it (?:stops immediately|will stop) and (?:is destroyed|suffers? one point of damage)$/.test(blocked)) {
    onBlocked = /destroyed$/.test(blocked) ? 'destroyed' : 'damage';
  } else {
    return undefined;
  }
  const parts: CriticalPart[] = [];
  if (/^the unit takes/.test(first)) parts.push({ kind: 'damage', amount: 1 });
  const part: Extract<CriticalPart, { kind: 'stagger' }> = { kind: 'stagger', distance, onBlocked };
  let used = 2;
  const contact = /^all units it moves into or over suffer a hit(?: on a roll of ([1-6])\+)?$/.exec(N(s[i + 2] ?? ''));
  if (contact) {
    part.hitsOnContact = contact[1] !== undefined ? Number(contact[1]) : 1;
    used = 3;
  }
  parts.push(part);
  return { parts, used };
};

const toHitPenalty: Matcher = (s, i) => {
  const m = /^the unit suffers a -([1-6]) to hit modifier for the rest of the game$/.exec(N(s[i]!));
  if (!m) return undefined;
  const part: Extract<CriticalPart, { kind: 'to-hit-penalty' }> = { kind: 'to-hit-penalty', amount: Number(m[1]), laterCriticalDamage: 0 };
  const later = /^subsequent critical hits cause (?:an extra|one|a) point of damage$/.test(N(s[i + 1] ?? ''));
  if (later) part.laterCriticalDamage = 1;
  return { parts: [part], used: later ? 2 : 1 };
};

/** "All units within 5cm suffer a macro-weapon hit on a roll of 6+." and the like, the war engine left standing. */
const hitsAround: Matcher = (s, i) => {
  const h = hitsAroundOf(s[i]!);
  if (!h) return undefined;
  const parts: CriticalPart[] = [{ kind: 'hits-around', hitsAround: h.hitsAround }];
  if (h.rest !== undefined && /^all [a-z ]+ formations with a unit with a line of fire to the [a-z ]+ receive a blast marker$/.test(h.rest)) parts.push({ kind: 'friendly-blast-markers' });
  else if (h.rest !== undefined) parts.push({ kind: 'unsupported', what: s[i]! });
  return { parts, used: 1 };
};

/** "Subsequent critical hits cause an extra point of damage" / "destroy the unit". */
function laterCriticals(sentence: string | undefined): 'damage' | 'destroyed' | undefined {
  const a = N(sentence ?? '');
  if (/^subsequent critical hits cause (?:an extra|one|a) point of damage$/.test(a)) return 'damage';
  if (/^subsequent critical hits destroy the unit$/.test(a)) return 'destroyed';
  return undefined;
}

/** "The unit loses the Holofield ability save for the rest of the game." / "The unit looses Tau deflector shield." */
const loses: Matcher = (s, i) => {
  const m = /^the unit loo?ses (?:the )?(holofield|tau deflector shield)(?: ability save)?(?: for the rest of the game)?$/.exec(N(s[i]!));
  if (!m) return undefined;
  const part: Extract<CriticalPart, { kind: 'loses' }> = { kind: 'loses', what: m[1] === 'holofield' ? 'holofield' : 'deflector-shield' };
  const later = laterCriticals(s[i + 1]);
  if (later === undefined) return { parts: [part], used: 1 };
  part.later = later;
  return { parts: [part], used: 2 };
};

/**
 * Dark Eldar war engines: "The unit looses all of its weapons and has no close combat and
 * firefight values." / "The unit loses all of its weapons, has no close combat value and a
 * firefight value of 6+.", then what later criticals do.
 */
const disarmed: Matcher = (s, i) => {
  const a = N(s[i]!);
  let firefight: number | null;
  if (/^the unit loo?ses all of its weapons and has no close combat and firefight values$/.test(a)) firefight = null;
  else {
    const m = /^the unit loo?ses all of its weapons, has no close combat value and a firefight value of ([1-6])\+$/.exec(a);
    if (!m) return undefined;
    firefight = Number(m[1]);
  }
  const part: Extract<CriticalPart, { kind: 'disarmed' }> = { kind: 'disarmed', firefight };
  const later = laterCriticals(s[i + 1]);
  if (later === undefined) return { parts: [part], used: 1 };
  part.later = later;
  return { parts: [part], used: 2 };
};

/**
 * The Tyranid bio-titans: "Roll a D6, on a roll of 1 all units within 5cm take a hit on a roll of
 * 6+, and on a roll of 6 the unit loses another point of damage." An outcome in other words
 * (the Dominatrix's lost commander, leader and synapse) stays unsupported, with the sentence.
 */
const d6Table: Matcher = (s, i) => {
  const m = /^roll a d6, on a roll of ([1-6](?:-[1-6])?) (.+), and on a roll of ([1-6](?:-[1-6])?) (.+)$/.exec(N(s[i]!));
  if (!m) return undefined;
  const outcomes: Extract<CriticalPart, { kind: 'd6-table' }>['outcomes'] = [];
  let unsupported = false;
  for (const [faceText, effect] of [
    [m[1]!, m[2]!],
    [m[3]!, m[4]!],
  ] as const) {
    const f = faces(faceText);
    const around = hitsAroundOf(effect);
    if (f && around && around.rest === undefined) outcomes.push({ faces: f, hitsAround: around.hitsAround });
    else if (f && /^the unit loses another point of damage$/.test(effect)) outcomes.push({ faces: f, damage: 1 });
    else unsupported = true;
  }
  if (outcomes.length === 0) return undefined;
  const parts: CriticalPart[] = [{ kind: 'd6-table', outcomes }];
  if (unsupported) parts.push({ kind: 'unsupported', what: s[i]! });
  return { parts, used: 1 };
};

const MATCHERS: Matcher[] = [reactor, fire, stagger, toHitPenalty, loses, disarmed, d6Table, destroyed, hitsAround, damage, subsequent, movement, losesCharacter];

function parseCriticalSentences(sentences: string[]): CriticalPart[] {
  const parts: CriticalPart[] = [];
  let i = 0;
  while (i < sentences.length) {
    let hit: { parts: CriticalPart[]; used: number } | undefined;
    for (const m of MATCHERS) {
      hit = m(sentences, i);
      if (hit) break;
    }
    if (hit) {
      parts.push(...hit.parts);
      i += hit.used;
      continue;
    }
    const what = sentences[i]!;
    const last = parts[parts.length - 1];
    if (last && last.kind === 'unsupported') last.what = `${last.what} ${what}`;
    else parts.push({ kind: 'unsupported', what });
    i += 1;
  }
  if (parts.length === 0) parts.push({ kind: 'unsupported', what: sentences.join(' ') || '(empty)' });
  return parts;
}
