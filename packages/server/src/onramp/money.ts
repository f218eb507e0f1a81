/**
 * Fixed-point money for the on-ramp: fiat in whole cents and token amounts in base units, both
 * bigint, so a quote is exact and the sandbox pays to the wei what was quoted. No float ever
 * touches an amount; a price from the operator's table is read once into a fixed-point number.
 */

const CENTS_PER_UNIT = 100n

/** A fiat amount as the caller wrote it: a JSON number or a decimal string, at most 2 decimals. */
export type FiatAmount = { cents: bigint } | { problem: string }

const DECIMAL = /^\d+(\.\d+)?$/

export function parseFiatAmount(value: unknown): FiatAmount {
  // JSON numbers are read as the shortest text that stands for them: 100.1 is "100.1", and a
  // value with binary noise (0.1 + 0.2) shows it and is refused for its decimals.
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  if (typeof text !== 'string') return { problem: 'must be a number such as 100.00' }
  if (text.startsWith('-') && DECIMAL.test(text.slice(1))) return { problem: 'must not be negative' }
  if (!DECIMAL.test(text)) return { problem: 'must be a number such as 100.00' }
  const [whole = '0', fraction = ''] = text.split('.')
  if (fraction.length > 2) return { problem: 'must have at most 2 decimals' }
  return { cents: BigInt(whole) * CENTS_PER_UNIT + BigInt(fraction.padEnd(2, '0')) }
}

/** Cents as the decimal string the answers carry: 1050n → "10.50". */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const size = cents < 0n ? -cents : cents
  return `${sign}${size / CENTS_PER_UNIT}.${String(size % CENTS_PER_UNIT).padStart(2, '0')}`
}

/**
 * A non-negative decimal (string, or a finite number read through its decimal text) as an
 * integer scaled by 10^decimals, rounded half up; undefined when it is none.
 */
export function toFixedPoint(value: number | string, decimals: number): bigint | undefined {
  const text = typeof value === 'number' ? value.toFixed(Math.min(decimals + 1, 100)) : value
  if (!DECIMAL.test(text)) return undefined
  const [whole = '0', fraction = ''] = text.split('.')
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0')
  const roundUp = (fraction[decimals] ?? '0') >= '5' ? 1n : 0n
  return BigInt(whole + kept) + roundUp
}

/** Base units as a decimal string with at most `shown` decimals, rounded down: never more than there is. */
export function formatUnitsDown(units: bigint, decimals: number, shown = decimals): string {
  const scale = 10n ** BigInt(decimals)
  const whole = units / scale
  const fraction = String(units % scale)
    .padStart(decimals, '0')
    .slice(0, shown)
    .replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

export const ceilDiv = (numerator: bigint, denominator: bigint): bigint =>
  (numerator + denominator - 1n) / denominator
