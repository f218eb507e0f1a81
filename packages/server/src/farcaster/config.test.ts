import { describe, expect, it } from 'vitest'
import { connectUrl, prepareFarcaster } from './config.ts'
import { DEV_FARCASTER_ACCOUNTS } from './dev-accounts.ts'

const PUBLIC = new URL('http://localhost:3001')

describe('prepareFarcaster', () => {
  it('points channels at the dev page in development, at Farcaster in production', () => {
    const dev = prepareFarcaster({ development: true }, { mode: 'development', publicUrl: PUBLIC })
    expect(connectUrl(dev, 'tok_en')).toBe('http://localhost:3001/dev/farcaster?channelToken=tok_en')
    expect(dev.devApp?.accounts).toBe(DEV_FARCASTER_ACCOUNTS)
    const production = prepareFarcaster(
      { optimismRpcUrl: 'https://op.example' },
      { mode: 'production', publicUrl: undefined },
    )
    expect(connectUrl(production, 'tok_en')).toBe('https://farcaster.xyz/~/siwf?channelToken=tok_en')
    expect(production.devApp).toBeUndefined()
    expect(production.upstreamRelay).toBe('https://relay.farcaster.xyz')
    const ownRelay = prepareFarcaster(
      { optimismRpcUrl: 'https://op.example', relayUrl: 'https://relay.example/' },
      { mode: 'production', publicUrl: undefined },
    )
    expect(ownRelay.upstreamRelay).toBe('https://relay.example')
  })

  it('refuses the development accounts in production, and a node URL that is no http(s) URL', () => {
    expect(() => prepareFarcaster({ development: true }, { mode: 'production', publicUrl: PUBLIC })).toThrow(
      'The development Farcaster accounts sign with public keys: they run in development only',
    )
    expect(() =>
      prepareFarcaster(
        { optimismRpcUrl: 'file:///etc/passwd' },
        { mode: 'production', publicUrl: undefined },
      ),
    ).toThrow('farcaster.optimismRpcUrl must be the http(s) URL of an OP Mainnet JSON-RPC node')
  })

  it('has three development accounts with distinct fids, usernames and custody addresses', () => {
    const distinct = (values: unknown[]) => new Set(values).size
    expect(DEV_FARCASTER_ACCOUNTS).toHaveLength(3)
    expect(distinct(DEV_FARCASTER_ACCOUNTS.map((account) => account.fid))).toBe(3)
    expect(distinct(DEV_FARCASTER_ACCOUNTS.map((account) => account.username))).toBe(3)
    expect(distinct(DEV_FARCASTER_ACCOUNTS.map((account) => account.custody.address))).toBe(3)
  })
})
