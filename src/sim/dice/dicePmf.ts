/**
 * Distribution of `n` dice of `sides` plus `plus` as `rollDice` rolls them
 * (a D3 is a D6 read 1-2, 3-4, 5-6: uniform on 1..3): entry k is
 * P(total = k), the n-fold convolution of the uniform die on 1..sides,
 * P(face) = 1 / sides, shifted by `plus`. With n = 0 all the mass is at `plus`.
 */
export function dicePmf(n: number, sides: number, plus: number): number[] {
  let pmf = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(pmf.length + sides).fill(0);
    pmf.forEach((p, k) => {
      for (let f = 1; f <= sides; f++) next[k + f]! += p / sides;
    });
    pmf = next;
  }
  return [...new Array<number>(plus).fill(0), ...pmf];
}
