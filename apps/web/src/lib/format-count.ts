const TEN_THOUSAND = 10_000n;
const HUNDRED_MILLION = 100_000_000n;

/**
 * A count as learners read it: whole below 10000, then `N万+` and from 100000000 on `N亿+`
 * (rounded down; fractions are dropped, and negative, NaN or infinite counts show as '0').
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0';
  // BigInt keeps the division exact for every finite number and avoids '1e+21'-style output.
  const whole = BigInt(Math.floor(n));
  if (whole < TEN_THOUSAND) return whole.toString();
  if (whole < HUNDRED_MILLION) return `${whole / TEN_THOUSAND}万+`;
  return `${whole / HUNDRED_MILLION}亿+`;
}
