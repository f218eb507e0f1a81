import { describe, expect, it } from 'vitest'
import {
  ANIMATION_MS,
  BALANCE_DISPLAY_DECIMALS,
  CACHE_EXPIRY_MS,
  EMAIL_LOGIN_COOLDOWN_MS,
  FRAME,
  MODAL_DEFAULTS,
  RECENT_WALLETS_MAX,
  SOCIAL_DEFAULTS,
  SWAP_POPULAR_TOKENS,
  SWAP_SLIPPAGE_PERCENT,
  SWAP_SUGGESTED_TOKENS,
  TOAST_AUTO_CLOSE_MS,
  TOAST_REOPEN_MS,
  WALLET_LIST,
} from './constants.ts'

// The spec fixes these numbers; a drift would change what users see or how long they wait.
describe('behaviour §9 constants', () => {
  it('pages the wallet list as the spec does', () => {
    expect(WALLET_LIST).toEqual({ pageSize: 40, recommended: 4, searchMax: 100, searchDelayMs: 300 })
  })

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
      identity: 300_000,
    })
    expect(RECENT_WALLETS_MAX).toBe(2)
    expect(EMAIL_LOGIN_COOLDOWN_MS).toBe(30_000)
    expect(BALANCE_DISPLAY_DECIMALS).toBe(3)
  })

  it('keeps the embedded frame timings', () => {
    expect(FRAME).toEqual({
      loadTimeoutMs: 20_000,
      requestTimeoutMs: 30_000,
      signOutTimeoutMs: 3_000,
      readyDelayMs: 500,
      errorMessageDelayMs: 300,
    })
  })

  it('offers the social providers in the spec order', () => {
    expect(SOCIAL_DEFAULTS).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  it('swaps at 1 % slippage by default, 50 % at most, and puts the common tokens first', () => {
    expect(SWAP_SLIPPAGE_PERCENT).toEqual({ default: 1, max: 50 })
    for (const list of [SWAP_SUGGESTED_TOKENS, SWAP_POPULAR_TOKENS]) {
      expect(list[0]).toBe('ETH')
      expect(list).toEqual(expect.arrayContaining(['USDC', 'USDT', 'DAI', 'WBTC', 'UNI', 'AAVE']))
      expect(new Set(list).size).toBe(list.length)
    }
  })
})
