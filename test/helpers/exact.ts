/**
 * Exact distributions used as oracles, computed independently of the
 * simulator from first principles: binomial terms and convolutions.
 */

export function binomialPmf(n: number, p: number): number[] {
  const out = new Array(n + 1).fill(0);
  for (let k = 0; k <= n; k++) {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
    out[k] = c * p ** k * (1 - p) ** (n - k);
  }
  return out;
}

/** Distribution of a sum of independent variables given as pmfs. */
export function convolve(a: number[], b: number[]): number[] {
  const out = new Array(a.length + b.length - 1).fill(0);
  a.forEach((pa, i) => b.forEach((pb, j) => (out[i + j] += pa * pb)));
  return out;
}

/**
 * Units killed when `hitsPmf` gives the number of hits, spread front to back
 * over `units` identical units one at a time (unit i gets floor/ceil of
 * h / units), each hit failing its save with `pFail`; a unit dies if any of
 * its hits fails.
 */
export function killsFromHits(hitsPmf: number[], units: number, pFail: number): number[] {
  const out = new Array(units + 1).fill(0);
  hitsPmf.forEach((ph, h) => {
    if (ph === 0) return;
    let dist = [1];
    for (let i = 0; i < units; i++) {
      const m = Math.floor(h / units) + (i < h % units ? 1 : 0);
      const pDie = 1 - (1 - pFail) ** m;
      dist = convolve(dist, [1 - pDie, pDie]);
    }
    dist.forEach((p, k) => (out[k] += ph * p));
  });
  return out;
}

/** Probability of the outcomes where `pred(k)` holds. */
export function probWhere(pmf: number[], pred: (k: number) => boolean): number {
  return pmf.reduce((s, p, k) => (pred(k) ? s + p : s), 0);
}

/** Half-width of a 99.9% normal interval for a proportion p over n trials. */
export function tolerance999(p: number, n: number): number {
  return 3.2905 * Math.sqrt((p * (1 - p)) / n) + 1e-9;
}
