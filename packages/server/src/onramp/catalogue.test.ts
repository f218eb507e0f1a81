import { describe, expect, it } from 'vitest'
import { feePercent, limitProblem, methodLimits, PROVIDERS } from './catalogue.ts'

describe('on-ramp limits and fees', () => {
  it('lists card 10.00–7500.00 and bank 10.00–25000.00 as decimal strings', () => {
    expect(methodLimits()).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'bank', min: '10.00', max: '25000.00' },
    ])
  })

  it('admits both ends and refuses a cent beyond, naming the limit, currency and method', () => {
    for (const currency of ['USD', 'EUR'] as const) {
      expect(limitProblem(10_00n, currency, 'card')).toBeUndefined()
      expect(limitProblem(7_500_00n, currency, 'card')).toBeUndefined()
      expect(limitProblem(25_000_00n, currency, 'bank')).toBeUndefined()
      expect(limitProblem(9_99n, currency, 'card')).toBe(
        `Amount must be between 10.00 and 7500.00 ${currency} for card`,
      )
      expect(limitProblem(7_500_01n, currency, 'card')).toBe(
        `Amount must be between 10.00 and 7500.00 ${currency} for card`,
      )
      expect(limitProblem(25_000_01n, currency, 'bank')).toBe(
        `Amount must be between 10.00 and 25000.00 ${currency} for bank`,
      )
    }
  })

  it('states each provider fee between 1 and 2 %', () => {
    expect(Object.values(PROVIDERS).map((provider) => feePercent(provider.feeBps))).toEqual(['1.5', '2', '1'])
    expect(feePercent(1000n)).toBe('10')
    expect(feePercent(125n)).toBe('1.25')
  })
})
