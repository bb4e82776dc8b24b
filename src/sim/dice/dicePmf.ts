/**
 * Distribution of `n` dice of `sides` plus `plus` as `rollDice` rolls them:
 * a D3 is a D6 read 1-2, 3-4, 5-6, any other die a D6. Entry k is P(total = k),
 * the n-fold convolution of the uniform die, shifted by `plus`.
 */
export function dicePmf(n: number, sides: number, plus: number): number[] {
  const faces = sides === 3 ? 3 : 6;
  let pmf = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(pmf.length + faces).fill(0);
    pmf.forEach((p, k) => {
      for (let f = 1; f <= faces; f++) next[k + f]! += p / faces;
    });
    pmf = next;
  }
  return [...new Array<number>(plus).fill(0), ...pmf];
}
