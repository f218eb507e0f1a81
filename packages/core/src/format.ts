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

/** `12,345`: thousands grouped with commas, as `formatFiat` groups dollars (en-US). */
function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** `-12345.678` → `-12,345.678`: only the whole part of a plain decimal is grouped. */
function groupDecimal(plain: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(plain)
  if (!match) return plain
  const [, sign = '', whole = '', fraction = ''] = match
  return `${sign}${groupThousands(whole)}${fraction}`
}

/**
 * A token amount for people: floored like `formatUnitsFloor`, thousands grouped (`12,345.678`), and
 * never more fraction digits than the token has, so a zero-decimal token shows `7`, not `7.000`.
 * The one formatter of the modal's token amounts (balances, token rows, activity).
 */
export function formatTokenAmount(
  value: bigint,
  decimals: number,
  displayDecimals: number = BALANCE_DISPLAY_DECIMALS,
): string {
  // formatUnitsFloor refuses nonsense decimals before the smaller of the two is used.
  return groupDecimal(formatUnitsFloor(value, decimals, Math.min(decimals, displayDecimals)))
}

/**
 * An amount that arrives as a decimal string in whole units (`"1234.5"`, the services' `numeric`),
 * cut — not rounded — to `displayDecimals` on the string itself, then grouped. `decimals` is the
 * token's own, when known: a zero-decimal token shows no fraction. Text that is not a plain decimal
 * comes back unchanged.
 */
export function formatDecimalAmount(
  numeric: string,
  displayDecimals: number = BALANCE_DISPLAY_DECIMALS,
  decimals?: number,
): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!match) return numeric
  const [, sign = '', whole = '0', fraction = ''] = match
  const shown =
    decimals !== undefined && Number.isInteger(decimals) && decimals >= 0
      ? Math.min(decimals, displayDecimals)
      : displayDecimals
  const cut = fraction.padEnd(shown, '0').slice(0, shown)
  const digits = whole.replace(/^0+(?=\d)/, '')
  return `${sign}${groupThousands(digits)}${shown > 0 ? `.${cut}` : ''}`
}

/** Quoted amounts (an on-ramp's purchase, its waiting and done views) show at most 6 decimals. */
const QUOTED_DISPLAY_DECIMALS = 6

/**
 * `0.032976 ETH` rather than `0.032976666666666666 ETH`: a quoted amount (a decimal string in whole
 * units) cut to 6 decimals and to the token's own, grouped, trailing zeros dropped (`1,250.5`).
 */
export function formatQuotedAmount(numeric: string, decimals?: number): string {
  const cut = formatDecimalAmount(numeric, QUOTED_DISPLAY_DECIMALS, decimals)
  return cut.includes('.') ? cut.replace(/\.?0+$/, '') : cut
}

/** Fees show 6 decimals, floored, in Send and in the secure frame's approval alike. */
const FEE_DISPLAY_DECIMALS = 6

/**
 * A network fee such as `0.000021 ETH`: 6 decimals, floored, grouped above a thousand. A fee that is
 * not zero but below the last shown digit says so (`<0.000001 ETH`) instead of claiming it is free.
 */
export function formatFee(wei: bigint, decimals: number, symbol: string): string {
  const amount = formatTokenAmount(wei, decimals, FEE_DISPLAY_DECIMALS)
  const smallest = `0.${'0'.repeat(Math.max(0, Math.min(decimals, FEE_DISPLAY_DECIMALS) - 1))}1`
  const belowShown = wei > 0n && /^0(\.0*)?$/.test(amount) && decimals > 0
  return `${belowShown ? `<${smallest}` : amount} ${symbol}`.trim()
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
