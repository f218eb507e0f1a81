import { describe, expect, it } from 'vitest'
import { createBuyStore } from './buy-store.ts'
import type { OnrampQuote } from './onramp.ts'

const quote = (provider: string, amount: string) =>
  ({ provider, quoteId: provider, purchaseAmount: { amount, currency: 'ETH' } }) as OnrampQuote

describe('the buy form', () => {
  it('picks the provider that buys the most, and keeps the visitor’s pick while it is still quoted', () => {
    const buy = createBuyStore()
    buy.setQuotes([quote('coinbase', '0.03'), quote('sandbox', '0.031')])
    expect(buy.store.getState().provider).toBe('sandbox')
    buy.pickProvider('coinbase')
    buy.setQuotes([quote('coinbase', '0.02'), quote('sandbox', '0.021')])
    expect(buy.store.getState().provider).toBe('coinbase')
    buy.setQuotes([quote('meld', '0.02')])
    expect(buy.store.getState().provider).toBe('meld')
  })

  it('drops the quotes of a form that changed, and keeps the services’ reason when none came', () => {
    const buy = createBuyStore()
    buy.setQuotes([quote('sandbox', '0.03')])
    buy.setAmount('250')
    expect(buy.store.getState()).toMatchObject({ amount: '250', quotes: undefined })
    buy.setQuotes(null, 'Amount does not cover the fees: choose a larger amount')
    expect(buy.store.getState()).toMatchObject({
      quotes: null,
      quoteProblem: 'Amount does not cover the fees: choose a larger amount',
    })
    buy.setCurrency('EUR')
    expect(buy.store.getState().quoteProblem).toBeUndefined()
  })
})
