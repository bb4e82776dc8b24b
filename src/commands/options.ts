import { InputError } from '../model/inputError.js';

/** A flag's value failed its check: one problem naming the option and what it accepts. */
export function badOption(option: string, got: string, expected: string): InputError {
  return new InputError([{ file: `option ${option}`, path: '', message: `expected ${expected}, got "${got}"` }]);
}

/** Parses a whole number >= min for commander, failing with a clear message. */
export function wholeNumber(option: string, min: number) {
  return (value: string): number => {
    if (!/^[0-9]+$/.test(value.trim())) throw badOption(option, value, `a whole number of at least ${min}`);
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min) throw badOption(option, value, `a whole number of at least ${min}`);
    return n;
  };
}

/** Parses a non-negative number (cm and the like). */
export function nonNegativeNumber(option: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw badOption(option, value, 'a number of at least 0');
    return n;
  };
}
