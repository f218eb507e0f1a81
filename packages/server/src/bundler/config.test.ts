import { getAddress } from 'viem'
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

  it('reads the per-operation settings and the calls sponsored for any account', () => {
    const target = '0x00000000000000000000000000000000000000aa'
    const other = '0x00000000000000000000000000000000000000bb'
    const settings = sponsorLimitsFromEnv({
      SPONSOR_MAX_WEI_PER_OPERATION: '5000000000000000',
      SPONSOR_SIGNATURE_VALID_SECONDS: '120',
      SPONSOR_REQUESTS_PER_MINUTE: '12',
      SPONSOR_PUBLIC_CALLS: `${target}:0xa9059cbb, ${target}:0x095ea7b3,${other}`,
    })
    expect(settings).toMatchObject({
      maxWeiPerOperation: 5n * 10n ** 15n,
      validSeconds: 120,
      requestsPerMinute: 12,
    })
    expect(settings.publicCalls).toEqual([
      { to: getAddress(target), selectors: ['0xa9059cbb', '0x095ea7b3'] },
      { to: getAddress(other), selectors: undefined },
    ])
    expect(() => sponsorLimitsFromEnv({ SPONSOR_PUBLIC_CALLS: `${target}:transfer` })).toThrow(
      'SPONSOR_PUBLIC_CALLS has "0x00000000000000000000000000000000000000aa:transfer": each entry must be 0xAddress or 0xAddress:0xSelector (4 bytes)',
    )
  })
})
