import { describe, expect, it } from 'vitest'
import { ceilDiv, formatCents, formatUnitsDown, parseFiatAmount, toFixedPoint } from './money.ts'

describe('fiat amounts', () => {
  it('reads decimal strings and JSON numbers with up to 2 decimals as cents', () => {
    expect(parseFiatAmount('100')).toEqual({ cents: 10000n })
    expect(parseFiatAmount('100.5')).toEqual({ cents: 10050n })
    expect(parseFiatAmount('0.07')).toEqual({ cents: 7n })
    expect(parseFiatAmount(7500)).toEqual({ cents: 750000n })
    expect(parseFiatAmount(99.99)).toEqual({ cents: 9999n })
    expect(parseFiatAmount('123456789012345678901234.00')).toEqual({ cents: 12345678901234567890123400n })
  })

  it('refuses more than 2 decimals, negatives and what is no number, saying which', () => {
    expect(parseFiatAmount('10.001')).toEqual({ problem: 'must have at most 2 decimals' })
    // 0.1 + 0.2 is 0.30000000000000004 as a double: its noise shows and is refused.
    expect(parseFiatAmount(0.1 + 0.2)).toEqual({ problem: 'must have at most 2 decimals' })
    expect(parseFiatAmount('-5')).toEqual({ problem: 'must not be negative' })
    expect(parseFiatAmount(-5.5)).toEqual({ problem: 'must not be negative' })
    for (const value of ['', 'ten', '1e3', '1,5', '.5', '5.', ' 5', '+5', '0x10', null, true, {}, [], 1e21])
      expect(parseFiatAmount(value)).toEqual({ problem: 'must be a number such as 100.00' })
  })

  it('writes cents with two decimals', () => {
    expect(formatCents(0n)).toBe('0.00')
    expect(formatCents(7n)).toBe('0.07')
    expect(formatCents(1050n)).toBe('10.50')
    expect(formatCents(2_500_000n)).toBe('25000.00')
    expect(formatCents(-1050n)).toBe('-10.50')
  })
})

describe('fixed point', () => {
  it('reads prices and rates exactly, rounding the last digit half up', () => {
    expect(toFixedPoint(3000, 8)).toBe(300_000_000_000n)
    expect(toFixedPoint(0.1, 8)).toBe(10_000_000n)
    expect(toFixedPoint(1234.567891235, 8)).toBe(123_456_789_124n)
    expect(toFixedPoint('0.92', 6)).toBe(920_000n)
    expect(toFixedPoint('0.0000015', 6)).toBe(2n)
    expect(toFixedPoint(1e21, 8)).toBeUndefined()
    expect(toFixedPoint('-1', 6)).toBeUndefined()
  })

  it('writes base units rounded down, trailing zeros dropped', () => {
    expect(formatUnitsDown(32_790_000_000_000_000n, 18)).toBe('0.03279')
    expect(formatUnitsDown(35_644_927_536_231_884n, 18)).toBe('0.035644927536231884')
    expect(formatUnitsDown(35_644_927_536_231_884n, 18, 8)).toBe('0.03564492')
    expect(formatUnitsDown(2n * 10n ** 18n, 18)).toBe('2')
    expect(formatUnitsDown(1n, 18, 8)).toBe('0')
  })

  it('divides rounding up', () => {
    expect(ceilDiv(10n, 5n)).toBe(2n)
    expect(ceilDiv(11n, 5n)).toBe(3n)
    expect(ceilDiv(0n, 5n)).toBe(0n)
  })
})
