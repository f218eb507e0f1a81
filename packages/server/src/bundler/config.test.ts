import { describe, expect, it } from 'vitest'
import { DEFAULT_SPONSOR_LIMITS, sponsorLimitsFromEnv } from './config.ts'

describe('sponsorLimitsFromEnv (npm start)', () => {
  it('takes SPONSOR_LIMIT_* and falls back to the defaults, an empty variable counting as unset', () => {
    expect(sponsorLimitsFromEnv({})).toEqual(DEFAULT_SPONSOR_LIMITS)
    expect(
      sponsorLimitsFromEnv({ SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY: '25', SPONSOR_LIMIT_WEI_PER_DAY: '' }),
    ).toEqual({ operationsPerSenderPerDay: 25, weiPerDay: DEFAULT_SPONSOR_LIMITS.weiPerDay })
    expect(sponsorLimitsFromEnv({ SPONSOR_LIMIT_WEI_PER_DAY: '5000000000000000000' }).weiPerDay).toBe(
      5n * 10n ** 18n,
    )
  })

  it('names the variable that is not a whole number', () => {
    expect(() => sponsorLimitsFromEnv({ SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY: 'ten' })).toThrow(
      'SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY must be a whole number',
    )
  })
})
