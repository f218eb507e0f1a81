import { describe, expect, it } from 'vitest'
import { OnrampText } from './catalogue.ts'
import { quoteAmounts } from './quote.ts'

const GWEI = 10n ** 9n
/** 3000 USD per ETH (8 decimals) and 0.92 EUR per USD (6 decimals), as the server reads them. */
const base = {
  amountCents: 100_00n,
  currency: 'USD' as const,
  feeBps: 150n,
  gasPrice: 2n * GWEI,
  usdPrice: 3000n * 10n ** 8n,
  eurPerUsd: 920_000n,
  decimals: 18,
}

describe('quote arithmetic', () => {
  it('takes the fee, the network fee in fiat and buys with the rest, exactly', () => {
    // Fee 1.5 % of 100.00 = 1.50; gas 21,000 × 2 gwei = 0.000042 ETH = 0.126 USD → 0.13;
    // 98.37 USD / 3000 = 0.03279 ETH.
    expect(quoteAmounts(base)).toEqual({
      providerFeeCents: 150n,
      networkFeeCents: 13n,
      subtotalCents: 98_37n,
      purchaseUnits: 32_790_000_000_000_000n,
    })
  })

  it('prices EUR through the configured rate, without rounding the converted price', () => {
    // 1 ETH = 2760 EUR; gas 0.000042 ETH = 0.11592 EUR → 0.12; 98.38 / 2760 ETH, rounded down to the wei.
    expect(quoteAmounts({ ...base, currency: 'EUR' })).toEqual({
      providerFeeCents: 150n,
      networkFeeCents: 12n,
      subtotalCents: 98_38n,
      purchaseUnits: 35_644_927_536_231_884n,
    })
  })

  it('rounds both fees up to the cent and the tokens down to the base unit', () => {
    // 1.5 % of 10.01 is 0.15015 → 0.16.
    expect(quoteAmounts({ ...base, amountCents: 10_01n })).toMatchObject({
      providerFeeCents: 16n,
      subtotalCents: 9_72n,
      purchaseUnits: 3_240_000_000_000_000n,
    })
    // 3141.59 USD per ETH, 0.91 EUR per USD, 2 % fee, an odd gas price, 18 decimals: checked
    // against exact rational arithmetic.
    expect(
      quoteAmounts({
        ...base,
        currency: 'EUR',
        amountCents: 123_45n,
        feeBps: 200n,
        gasPrice: 1_234_567_891n,
        usdPrice: 314_159_000_000n,
        eurPerUsd: 910_000n,
      }),
    ).toEqual({
      providerFeeCents: 247n,
      networkFeeCents: 8n,
      subtotalCents: 120_90n,
      purchaseUnits: 42_289_777_742_207_881n,
    })
  })

  it('refuses an amount the fees eat up', () => {
    expect(quoteAmounts({ ...base, amountCents: 10_00n, gasPrice: 1_000n * GWEI })).toEqual({
      problem: OnrampText.BELOW_FEES,
    })
  })

  it('keeps the decimals of the token bought', () => {
    const sixDecimals = quoteAmounts({ ...base, decimals: 6, gasPrice: 0n })
    expect(sixDecimals).toMatchObject({ networkFeeCents: 0n, purchaseUnits: 32_833n })
  })
})
