import { describe, expect, it } from 'vitest'
import {
  ANIMATION_MS,
  BALANCE_DISPLAY_DECIMALS,
  CACHE_EXPIRY_MS,
  EMAIL_LOGIN_COOLDOWN_MS,
  FRAME,
  MODAL_DEFAULTS,
  ONRAMP_FALLBACK_LIMITS,
  PENDING_TRANSACTIONS_LIMIT,
  RECENT_WALLETS_MAX,
  RESTRICTED_TIME_ZONES,
  RPC,
  SOCIAL_DEFAULTS,
  SWAP_NETWORKS,
  TOAST_AUTO_CLOSE_MS,
  TOAST_REOPEN_MS,
  WALLET_LIST,
  WALLETCONNECT_PAIRING,
} from './constants.ts'

// The spec fixes these numbers; a drift would change what users see or how long they wait.
describe('SPEC §9 constants', () => {
  it('keeps the modal look and timings of the spec', () => {
    expect(ANIMATION_MS).toEqual({ view: 150, headerText: 120, modalHeight: 150, shake: 500 })
    expect(MODAL_DEFAULTS).toMatchObject({
      width: 360,
      zIndex: 999,
      themeMode: 'dark',
      fontSizeMaster: '10px',
      borderRadius: '4px',
    })
    expect(MODAL_DEFAULTS.fontFamily).toMatch(/sans-serif$/)
    expect([TOAST_REOPEN_MS, TOAST_AUTO_CLOSE_MS]).toEqual([150, 2500])
  })

  it('keeps cache lifetimes, limits and cooldowns', () => {
    expect(CACHE_EXPIRY_MS).toEqual({
      portfolio: 30_000,
      nativeBalance: 30_000,
      ens: 300_000,
      identity: 300_000,
    })
    expect(RECENT_WALLETS_MAX).toBe(2)
    expect(PENDING_TRANSACTIONS_LIMIT).toBe(99)
    expect(EMAIL_LOGIN_COOLDOWN_MS).toBe(30_000)
    expect(BALANCE_DISPLAY_DECIMALS).toBe(3)
    expect(WALLET_LIST).toEqual({ page: 40, recommended: 4, search: 100, searchDelayMs: 300 })
    expect(WALLETCONNECT_PAIRING).toEqual({ expiryMs: 240_000, expiringSoonMs: 10_000 })
  })

  it('keeps the embedded frame and RPC timings', () => {
    expect(FRAME).toEqual({
      loadTimeoutMs: 20_000,
      requestTimeoutMs: 30_000,
      signOutTimeoutMs: 3_000,
      readyDelayMs: 500,
      errorMessageDelayMs: 300,
    })
    expect(RPC).toMatchObject({ batchSize: 1000, timeoutMs: 10_000, retryCount: 3, retryDelayMs: 150 })
  })

  it('lists the swap networks as CAIP ids of the spec chain ids', () => {
    expect(SWAP_NETWORKS).toEqual([
      'eip155:1',
      'eip155:42161',
      'eip155:10',
      'eip155:324',
      'eip155:8453',
      'eip155:56',
      'eip155:137',
      'eip155:100',
      'eip155:43114',
      'eip155:250',
      'eip155:8217',
      'eip155:1313161554',
    ])
  })

  it('offers the social providers in the spec order and the on-ramp fallback limits', () => {
    expect(SOCIAL_DEFAULTS).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(ONRAMP_FALLBACK_LIMITS.card).toEqual({ min: '10.00', max: '7500.00' })
    expect(ONRAMP_FALLBACK_LIMITS.bank).toEqual({ min: '10.00', max: '25000.00' })
  })

  it('restricts only real IANA zones of mainland China, Hong Kong and Macau', () => {
    for (const zone of RESTRICTED_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow()
    }
    expect(RESTRICTED_TIME_ZONES).toEqual(
      expect.arrayContaining(['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau']),
    )
  })
})
