import fc from 'fast-check'
import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  formatDecimalAmount,
  formatFee,
  formatFiat,
  formatQuotedAmount,
  formatTokenAmount,
  formatUnitsFloor,
  monogram,
  shortenAddress,
} from './format.ts'

// Exact rational comparison: value / 10^decimals against the printed decimal string.
function toScaled(printed: string, scale: number): bigint {
  const negative = printed.startsWith('-')
  const [whole = '0', fraction = ''] = printed.replace('-', '').split('.')
  const digits = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale))
  return negative ? -digits : digits
}

describe('shortenAddress', () => {
  it('shows the first 4 and last 6 characters of an address', () => {
    expect(shortenAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('0x5a…1BeAed')
  })

  it('keeps both ends of any long string and never makes a short one longer', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 80 }), (text) => {
        const short = shortenAddress(text)
        if (text.length <= 11) return short === text
        return short === `${text.slice(0, 4)}…${text.slice(-6)}` && short.length === 11
      }),
    )
  })
})

describe('formatUnitsFloor', () => {
  it('prints exactly three decimals, keeping trailing zeros', () => {
    expect(formatUnitsFloor(10_000n * 10n ** 18n, 18)).toBe('10000.000')
    expect(formatUnitsFloor(0n, 18)).toBe('0.000')
    expect(formatUnitsFloor(1_500_000n, 6)).toBe('1.500')
  })

  it('never rounds up, even a hair below the next step', () => {
    expect(formatUnitsFloor(999_999_999_999_999_999n, 18)).toBe('0.999')
    expect(formatUnitsFloor(1_999_999n, 6)).toBe('1.999')
    expect(formatUnitsFloor(123_456_789_012_345_678_901_234_567n, 18)).toBe('123456789.012')
  })

  it('handles tokens with fewer decimals than are displayed and zero-decimal display', () => {
    expect(formatUnitsFloor(12n, 1)).toBe('1.200')
    expect(formatUnitsFloor(7n, 0)).toBe('7.000')
    expect(formatUnitsFloor(1_999n, 3, 0)).toBe('1')
  })

  it('stays at or below the true value and within one display step of it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 36 }),
        fc.integer({ min: 0, max: 8 }),
        (value, decimals, display) => {
          const printed = formatUnitsFloor(value, decimals, display)
          const scale = Math.max(decimals, display)
          const shown = toScaled(printed, scale)
          const exact = value * 10n ** BigInt(scale - decimals)
          const step = 10n ** BigInt(scale - display)
          expect(printed).toMatch(display > 0 ? new RegExp(`^-?\\d+\\.\\d{${display}}$`) : /^-?\d+$/)
          expect(shown <= exact).toBe(true)
          expect(shown > exact - step).toBe(true)
        },
      ),
    )
  })

  it('agrees with viem wherever viem has nothing to round', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (units) => {
        const value = units * 10n ** 15n
        expect(Number(formatUnitsFloor(value, 18))).toBe(Number(formatUnits(value, 18)))
      }),
    )
  })

  it('refuses nonsense decimals instead of printing a wrong amount', () => {
    expect(() => formatUnitsFloor(1n, -1)).toThrow(RangeError)
    expect(() => formatUnitsFloor(1n, 1.5)).toThrow(RangeError)
    expect(() => formatUnitsFloor(1n, 18, -2)).toThrow(RangeError)
  })
})

describe('formatTokenAmount', () => {
  it('groups thousands like the dollar values beside it', () => {
    expect(formatTokenAmount(12_345_678_901n, 6)).toBe('12,345.678')
    expect(formatTokenAmount(10_000n * 10n ** 18n, 18)).toBe('10,000.000')
    expect(formatTokenAmount(999_999n, 3)).toBe('999.999')
    expect(formatTokenAmount(1_234_567_890n * 10n ** 18n, 18, 2)).toBe('1,234,567,890.00')
    expect(formatTokenAmount(-1_500_000_000n, 6)).toBe('-1,500.000')
  })

  it('shows no fraction on a zero-decimal token, and no more digits than a token has', () => {
    expect(formatTokenAmount(150_000n, 0)).toBe('150,000')
    expect(formatTokenAmount(7n, 0)).toBe('7')
    expect(formatTokenAmount(12n, 1)).toBe('1.2')
    expect(formatTokenAmount(123_456n, 2, 3)).toBe('1,234.56')
  })

  it('floors as formatUnitsFloor does: the same digits, only grouped', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 3, max: 36 }),
        (value, decimals) => {
          const grouped = formatTokenAmount(value, decimals)
          expect(grouped).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{3}$/)
          expect(grouped.replaceAll(',', '')).toBe(formatUnitsFloor(value, decimals))
        },
      ),
    )
  })
})

describe('formatQuotedAmount', () => {
  it('shows a quote’s 18-decimal amount with 6 decimals at most, cut, grouped, without trailing zeros', () => {
    expect(formatQuotedAmount('0.032976666666666666')).toBe('0.032976')
    expect(formatQuotedAmount('1250.500000')).toBe('1,250.5')
    expect(formatQuotedAmount('7500')).toBe('7,500')
    expect(formatQuotedAmount('0.0000004')).toBe('0')
  })

  it('never shows more decimals than the token has', () => {
    expect(formatQuotedAmount('150000', 0)).toBe('150,000')
    expect(formatQuotedAmount('12.3456789', 2)).toBe('12.34')
  })
})

describe('formatDecimalAmount', () => {
  it('cuts a decimal string to 3 digits without rounding, and groups it', () => {
    expect(formatDecimalAmount('1234.5')).toBe('1,234.500')
    expect(formatDecimalAmount('0.9999')).toBe('0.999')
    expect(formatDecimalAmount('-25000')).toBe('-25,000.000')
    expect(formatDecimalAmount('1000', 3, 0)).toBe('1,000')
    expect(formatDecimalAmount('not a number')).toBe('not a number')
  })
})

describe('formatFee', () => {
  it('prints 6 decimals, floored, as Send and the approval both show it', () => {
    expect(formatFee(21_000n * 1_000_000_000n, 18, 'ETH')).toBe('0.000021 ETH')
    expect(formatFee(123_456_789_999_999n, 18, 'ETH')).toBe('0.000123 ETH')
    expect(formatFee(0n, 18, 'ETH')).toBe('0.000000 ETH')
    expect(formatFee(1_234n * 10n ** 18n, 18, 'ETH')).toBe('1,234.000000 ETH')
  })

  it('keeps the format Send has always shown below a thousand', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 12n, max: 999n * 10n ** 18n }), (wei) => {
        expect(`Network fee: ${formatFee(wei, 18, 'ETH')}`).toMatch(/^Network fee: \d+\.\d{6} ETH$/)
        expect(formatFee(wei, 18, 'ETH')).toBe(`${formatUnitsFloor(wei, 18, 6)} ETH`)
      }),
    )
  })

  it('says a tiny fee is below the last digit instead of showing it as free', () => {
    expect(formatFee(999_999_999_999n, 18, 'ETH')).toBe('<0.000001 ETH')
    expect(formatFee(1n, 18, 'ETH')).toBe('<0.000001 ETH')
  })
})

describe('formatFiat', () => {
  it('prints dollars with grouping and two decimals', () => {
    expect(formatFiat(1234.5)).toBe('$1,234.50')
    expect(formatFiat(0)).toBe('$0.00')
    expect(formatFiat(Number.NaN)).toBe('$0.00')
    expect(formatFiat(12.3456, 3)).toBe('$12.346')
    expect(formatFiat(5, 2, 'EUR')).toBe('€5.00')
  })

  it('is within half a cent of the value', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (value) => {
        const printed = formatFiat(value)
        expect(printed).toMatch(/^\$[\d,]+\.\d{2}$/)
        const parsed = Number(printed.replace(/[$,]/g, ''))
        expect(Math.abs(parsed - value)).toBeLessThanOrEqual(0.005 + value * 1e-12)
      }),
    )
  })
})

describe('monogram', () => {
  it('takes the capital first letters of up to two words', () => {
    expect(monogram('USD Coin')).toBe('UC')
    expect(monogram('ether')).toBe('E')
    expect(monogram('  wrapped  bitcoin on base ')).toBe('WB')
    expect(monogram('')).toBe('?')
  })

  it('always gives one or two characters, whatever the name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const letters = Array.from(monogram(name))
        expect(letters.length).toBeGreaterThanOrEqual(1)
        expect(letters.length).toBeLessThanOrEqual(2)
      }),
    )
  })
})
