import { describe, expect, it } from 'vitest'
import { DEFAULT_SPONSOR_LIMITS, sponsorLimitsFromEnv } from './config.ts'

describe('sponsorLimitsFromEnv (npm start)', () => {
  it('takes SPONSOR_LIMIT_* and falls back to the defaults, an empty variable counting as unset', () => {
    expect(sponsorLimitsFromEnv({})).toEqual({ limits: DEFAULT_SPONSOR_LIMITS })
    expect(
      sponsorLimitsFromEnv({ SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY: '25', SPONSOR_LIMIT_WEI_PER_DAY: '' }),
    ).toEqual({ limits: { operationsPerSenderPerDay: 25, weiPerDay: DEFAULT_SPONSOR_LIMITS.weiPerDay } })
    expect(sponsorLimitsFromEnv({ SPONSOR_LIMIT_WEI_PER_DAY: '5000000000000000000' }).limits.weiPerDay).toBe(
      5n * 10n ** 18n,
    )
  })

  it('gives the projects SPONSOR_PROJECT_LIMITS names their own limits, the rest from the defaults', () => {
    const id = 'ab'.repeat(16)
    expect(
      sponsorLimitsFromEnv({
        SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY: '4',
        SPONSOR_PROJECT_LIMITS: JSON.stringify({ [id]: { weiPerDay: '7' } }),
      }),
    ).toEqual({
      limits: { operationsPerSenderPerDay: 4, weiPerDay: DEFAULT_SPONSOR_LIMITS.weiPerDay },
      projects: { [id]: { operationsPerSenderPerDay: 4, weiPerDay: 7n } },
    })
    expect(() => sponsorLimitsFromEnv({ SPONSOR_PROJECT_LIMITS: '{"dapp": {}}' })).toThrow(
      'SPONSOR_PROJECT_LIMITS must name projects by their 32-hex-digit id',
    )
    expect(() => sponsorLimitsFromEnv({ SPONSOR_PROJECT_LIMITS: 'x' })).toThrow(
      'SPONSOR_PROJECT_LIMITS must be JSON',
    )
  })

  it('names the variable that is not a whole number', () => {
    expect(() => sponsorLimitsFromEnv({ SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY: 'ten' })).toThrow(
      'SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY must be a whole number',
    )
  })
})
