import { DEV_ACCOUNTS } from '@portico/contracts'
import { describe, expect, it } from 'vitest'
import { onrampSettingsFromEnv, prepareOnramp } from './config.ts'

const PUBLIC = new URL('http://localhost:3001')
const payerKey = DEV_ACCOUNTS[9].privateKey

describe('on-ramp settings', () => {
  it('reads the rate as 6-decimal fixed point, 0.92 when none is given', () => {
    expect(
      prepareOnramp({ coinbase: { appId: 'app' } }, { mode: 'production', publicUrl: undefined }),
    ).toEqual({
      coinbase: { appId: 'app' },
      meld: undefined,
      eurPerUsd: 920_000n,
    })
    expect(
      prepareOnramp({ eurPerUsd: '1.083' }, { mode: 'production', publicUrl: undefined }).eurPerUsd,
    ).toBe(1_083_000n)
  })

  it('runs the sandbox in development only, with a key that is a key', () => {
    expect(
      prepareOnramp({ sandbox: { payerKey } }, { mode: 'development', publicUrl: PUBLIC }).sandbox,
    ).toEqual({
      payerKey,
      publicUrl: PUBLIC,
    })
    expect(() => prepareOnramp({ sandbox: { payerKey } }, { mode: 'production', publicUrl: PUBLIC })).toThrow(
      'The on-ramp sandbox pays from a key of the server: it runs in development only',
    )
    expect(() =>
      prepareOnramp({ sandbox: { payerKey: '0x1234' } }, { mode: 'development', publicUrl: PUBLIC }),
    ).toThrow('onramp.sandbox.payerKey must be a private key (0x and 64 hex digits)')
  })

  it('stops the start on a bad rate or key, in one line naming the setting', () => {
    const production = { mode: 'production', publicUrl: undefined } as const
    expect(() => prepareOnramp({ eurPerUsd: 'ninety' }, production)).toThrow(
      'onramp.eurPerUsd must be a decimal such as 0.92 (at most 6 decimals)',
    )
    expect(() => prepareOnramp({ coinbase: { appId: 'a b' } }, production)).toThrow(
      'onramp.coinbase.appId must be the project id of your Coinbase Developer Platform project',
    )
  })

  it('reads the ONRAMP_* variables for npm start, empty ones as unset', () => {
    expect(onrampSettingsFromEnv({})).toEqual({})
    expect(onrampSettingsFromEnv({ ONRAMP_COINBASE_APP_ID: 'app', ONRAMP_MELD_PUBLIC_KEY: '' })).toEqual({
      coinbase: { appId: 'app' },
    })
    // The sandbox quotes in EUR too, so the rate counts without a provider.
    expect(onrampSettingsFromEnv({ ONRAMP_EUR_PER_USD: '0.95' })).toEqual({ eurPerUsd: '0.95' })
    expect(() => onrampSettingsFromEnv({ ONRAMP_MELD_PUBLIC_KEY: 'a b' })).toThrow(
      'ONRAMP_MELD_PUBLIC_KEY must be the public key from your Meld dashboard (no spaces)',
    )
  })
})
