/**
 * The one home for number formatting in user-facing text: thousands
 * separators in the en-US style whatever the browser's locale, so a figure
 * reads the same on every machine and in every share link.
 */

// One cached instance, built at its first use: building an
// Intl.NumberFormat is the slow part (the first one loads the locale data:
// ≈40 ms of `npm run report`'s start, which with --json prints none).
let EN_US: Intl.NumberFormat | null = null
const enUs = () => (EN_US ??= new Intl.NumberFormat("en-US"))

/** 1234567 → "1,234,567"; 0.1234 → "0.123" (as `toLocaleString("en-US")`). */
export function formatNumber(n: number): string {
  return enUs().format(n)
}

/** A count rounded to an integer: 142310.4 → "142,310" (never "-0"). */
export function formatCount(n: number): string {
  const r = Math.round(n)
  return enUs().format(r === 0 ? 0 : r)
}

/** An estimated token figure: 142310 → "≈142,310". */
export function formatApprox(n: number): string {
  return `≈${formatCount(n)}`
}
