/**
 * Whole shares of `total` from the exact (fractional) ones, by largest remainders: each gets
 * its exact share rounded down, then what is left of `total` goes one each to the largest
 * remainders, ties to the earlier index.
 */
export function largestRemainders(exact: readonly number[], total: number): number[] {
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] as number) + 1;
    left--;
  }
  return shares;
}
