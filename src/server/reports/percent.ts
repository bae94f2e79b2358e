// Percentages of the dashboard and the reports: exact ratios of integer centavos, rounded
// half away from zero to two decimals, in this one place (so a margin on the DRE and the
// same margin on the profitability tab are always the same number).

/** Hundredths of a percent of part / whole, rounded half away from zero; 0 when whole is 0. */
export function basisPoints(part: number, whole: number): number {
  if (whole === 0) return 0;
  // BigInt: part x 10,000 leaves the safe integers for a few billion reais.
  const p = BigInt(part) * 10_000n;
  const w = BigInt(whole);
  const negative = p < 0n !== w < 0n && p !== 0n;
  const n = p < 0n ? -p : p;
  const d = w < 0n ? -w : w;
  const rounded = (2n * n + d) / (2n * d);
  return Number(negative ? -rounded : rounded);
}

/** part / whole in percent with two decimals (12.34); 0 when whole is 0. */
export function percentOf(part: number, whole: number): number {
  return fromBasisPoints(basisPoints(part, whole));
}

/** now against before, in percent (the change over |before|); 0 when before is 0. */
export function growthPercent(now: number, before: number): number {
  return percentOf(now - before, Math.abs(before));
}

/** The difference of two percentages, in percentage points (two decimals, exact). */
export function pointsBetween(now: number, before: number): number {
  return fromBasisPoints(Math.round(now * 100) - Math.round(before * 100));
}

function fromBasisPoints(bp: number): number {
  return bp / 100 || 0;
}
