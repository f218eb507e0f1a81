import { describe, expect, it } from 'vitest'
import { buyAmountProblem, fiatCents, type OnrampQuote, rankQuotes, trimAmount } from './onramp.ts'

const card = { method: 'card' as const, min: 10_00n, max: 7_500_00n }

describe('the buy amount', () => {
  it('is read as whole cents with at most 2 decimals', () => {
    expect(fiatCents('50')).toBe(50_00n)
    expect(fiatCents(' 50.5 ')).toBe(50_50n)
    expect(fiatCents('7500.00')).toBe(7_500_00n)
    expect(fiatCents('50.')).toBe(50_00n)
    for (const bad of ['', '-5', '5.005', '1e3', 'abc', '5,00']) expect(fiatCents(bad)).toBeUndefined()
  })

  it("is checked against the method's limits in the services' words, and an empty field is no mistake", () => {
    expect(buyAmountProblem('', 'USD', card)).toBeUndefined()
    expect(buyAmountProblem('10', 'USD', card)).toBeUndefined()
    expect(buyAmountProblem('7500', 'USD', card)).toBeUndefined()
    expect(buyAmountProblem('9.99', 'USD', card)).toBe(
      'Amount must be between 10.00 and 7500.00 USD for card',
    )
    expect(buyAmountProblem('7500.01', 'EUR', card)).toBe(
      'Amount must be between 10.00 and 7500.00 EUR for card',
    )
    expect(buyAmountProblem('12.345', 'USD', card)).toBe('Invalid amount')
  })
})

const quote = (provider: string, amount: string): OnrampQuote => ({
  quoteId: provider,
  provider,
  paymentMethod: 'card',
  expiresAt: '2026-11-26T12:00:00Z',
  paymentTotal: { amount: '100.00', currency: 'USD' },
  providerFee: { amount: '1.00', currency: 'USD' },
  networkFee: { amount: '0.01', currency: 'USD' },
  purchaseAmount: { amount, currency: 'ETH' },
})

describe('quotes', () => {
  it('rank the one that buys the most first, ties in the order given', () => {
    const ranked = rankQuotes([quote('a', '0.0320'), quote('b', '0.0330'), quote('c', '0.0320')])
    expect(ranked.map((q) => q.provider)).toEqual(['b', 'a', 'c'])
  })

  it('show token amounts without zeros that say nothing', () => {
    expect(trimAmount('0.032673000000000000')).toBe('0.032673')
    expect(trimAmount('1.000')).toBe('1')
    expect(trimAmount('100')).toBe('100')
  })
})
