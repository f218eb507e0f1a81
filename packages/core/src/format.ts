import { BALANCE_DISPLAY_DECIMALS, TOKEN_VALUE_DECIMALS } from './constants.ts'

/** `0x5aAe…1BeAed`: enough of both ends to recognise an address at a glance. */
export function shortenAddress(address: string, start = 4, end = 6): string {
  if (address.length <= start + end + 1) return address
  return `${address.slice(0, start)}…${end > 0 ? address.slice(-end) : ''}`
}

/**
 * A token amount in base units as a decimal string with exactly `displayDecimals` digits,
 * floored so the modal never shows more than the user owns. Pure bigint maths: a float would
 * lose precision on 18-decimal balances.
 */
export function formatUnitsFloor(
  value: bigint,
  decimals: number,
  displayDecimals: number = BALANCE_DISPLAY_DECIMALS,
): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`Invalid decimals: ${decimals}`)
  if (!Number.isInteger(displayDecimals) || displayDecimals < 0) {
    throw new RangeError(`Invalid display decimals: ${displayDecimals}`)
  }
  const scaled = floorDiv(value * 10n ** BigInt(displayDecimals), 10n ** BigInt(decimals))
  const negative = scaled < 0n
  const digits = (negative ? -scaled : scaled).toString().padStart(displayDecimals + 1, '0')
  const whole = digits.slice(0, digits.length - displayDecimals)
  const fraction = digits.slice(digits.length - displayDecimals)
  return `${negative ? '-' : ''}${whole}${displayDecimals > 0 ? `.${fraction}` : ''}`
}

// BigInt division truncates toward zero; flooring must go toward minus infinity.
function floorDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator
  return numerator % denominator !== 0n && numerator < 0n ? quotient - 1n : quotient
}

/** A fiat value such as `$1,234.57`; non-numbers show as zero rather than `$NaN`. */
export function formatFiat(value: number, decimals: number = TOKEN_VALUE_DECIMALS, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Number.isFinite(value) ? value : 0)
}

/** One or two capital letters to stand in for a token or wallet icon that failed to load. */
export function monogram(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.slice(0, 2).map((word) => capital(Array.from(word)[0] ?? ''))
  return letters.join('') || '?'
}

// Some letters upper-case into two ('ß' → 'SS'); those stay as they are to keep one per word.
function capital(letter: string): string {
  const upper = letter.toUpperCase()
  return Array.from(upper).length === 1 ? upper : letter
}
