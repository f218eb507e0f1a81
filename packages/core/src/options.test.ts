import { anvil, mainnet, sepolia } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { ErrorText, PorticoError } from './errors.ts'
import { type PorticoOptions, resolveOptions } from './options.ts'

const base: PorticoOptions = { projectId: 'demo', networks: [anvil] }

function failure(input: unknown): PorticoError {
  try {
    resolveOptions(input as PorticoOptions)
  } catch (error) {
    expect(error).toBeInstanceOf(PorticoError)
    return error as PorticoError
  }
  throw new Error('resolveOptions accepted invalid options')
}

describe('createPortico options', () => {
  it.each([{}, { projectId: '' }, { projectId: '   ' }, { projectId: 42 }])(
    'refuses to start without a project id (%j)',
    (input) => {
      expect(failure({ networks: [anvil], ...input }).message).toBe('Project ID is not defined')
    },
  )

  it('needs exactly one network', () => {
    expect(failure({ projectId: 'p', networks: [] }).message).toBe(ErrorText.NO_NETWORKS)
    expect(failure({ projectId: 'p' }).message).toBe(ErrorText.NO_NETWORKS)
    expect(failure({ projectId: 'p', networks: [mainnet, sepolia] }).message).toBe(
      'Portico supports exactly one network',
    )
  })

  it('refuses siweConfig and siwx together', () => {
    expect(failure({ ...base, siweConfig: {}, siwx: {} }).message).toBe(
      'Cannot set both `siweConfig` and `siwx` options',
    )
    const siwx = { createMessage() {}, addSession() {}, getSessions() {}, setSessions() {} }
    expect(() => resolveOptions({ ...base, siwx: siwx as never })).not.toThrow()
  })

  it('refuses a siwx without the sign-in storage calls', () => {
    expect(failure({ ...base, siwx: { getSessions() {} } as never }).message).toBe(
      'Invalid Portico options: siwx: siwx must implement createMessage, addSession, getSessions, setSessions',
    )
  })

  it('keeps the network object exactly as given', () => {
    const chain = { ...sepolia, custom: { explorerApi: 'x' } }
    const resolved = resolveOptions({ ...base, networks: [chain] })
    expect(resolved.networks[0]).toBe(chain)
  })

  it('names the field when a network is not a chain', () => {
    const error = failure({ ...base, networks: [{ id: 1 }] })
    expect(error.message).toMatch(/^Invalid Portico options: networks\.0: .*viem Chain/)
  })

  it('fills in the spec defaults: dark theme, analytics on, every feature but the opt-in ones', () => {
    const resolved = resolveOptions(base)
    expect(resolved.themeMode).toBe('dark')
    expect(resolved.enableAnalytics).toBe(true)
    expect(resolved.servicesUrl).toBe('http://127.0.0.1:3001')
    expect(resolved.features).toMatchObject({
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      email: true,
      emailShowWallets: true,
      history: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    })
    expect(resolved.defaultAccountTypes).toMatchObject({ eip155: 'smartAccount' })
    expect(resolved.excludeWalletIds).toEqual([])
  })

  it('takes wallets to feature, include and exclude by id, rdns or name', () => {
    const resolved = resolveOptions({
      ...base,
      featuredWalletIds: ['me.rainbow', 'io.metamask'],
      includeWalletIds: ['Trust Wallet'],
      excludeWalletIds: ['io.rabby'],
    })
    expect(resolved.featuredWalletIds).toEqual(['me.rainbow', 'io.metamask'])
    expect(resolved.includeWalletIds).toEqual(['Trust Wallet'])
    expect(resolved.excludeWalletIds).toEqual(['io.rabby'])
  })

  it('refuses a wallet name the wallet list could not carry', () => {
    const refusal = 'a wallet id, rdns or name: 1 to 200 characters, no comma'
    expect(failure({ ...base, featuredWalletIds: [''] }).message).toBe(
      `Invalid Portico options: featuredWalletIds.0: ${refusal}`,
    )
    expect(failure({ ...base, excludeWalletIds: ['Rainbow, Trust'] }).message).toBe(
      `Invalid Portico options: excludeWalletIds.0: ${refusal}`,
    )
    expect(failure({ ...base, includeWalletIds: ['x'.repeat(201)] }).message).toBe(
      `Invalid Portico options: includeWalletIds.0: ${refusal}`,
    )
  })

  it('keeps the host feature choices and fills in the rest', () => {
    const resolved = resolveOptions({ ...base, features: { swaps: false, socials: ['github', 'google'] } })
    expect(resolved.features).toMatchObject({ swaps: false, onramp: true, socials: ['github', 'google'] })
    expect(resolveOptions({ ...base, features: { socials: false } }).features.socials).toEqual([])
  })

  it('refuses a social provider it cannot log in with', () => {
    expect(failure({ ...base, features: { socials: ['myspace'] } }).message).toBe(
      'Invalid Portico options: features.socials: expected false or a list of: google, github, apple, facebook, x, discord, farcaster, telegram',
    )
  })

  it('turns analytics off when either switch is off', () => {
    expect(resolveOptions({ ...base, enableAnalytics: false }).features.analytics).toBe(false)
    expect(resolveOptions({ ...base, features: { analytics: false } }).enableAnalytics).toBe(false)
  })

  it('refuses features.smartSessions, which this version does not have', () => {
    expect(failure({ ...base, features: { smartSessions: true } }).message).toBe(
      'features.smartSessions is not available in this version of Portico',
    )
    expect(resolveOptions({ ...base, features: { smartSessions: false } }).features.smartSessions).toBe(false)
  })

  it('takes features.pay, off unless asked for', () => {
    expect(resolveOptions(base).features.pay).toBe(false)
    expect(resolveOptions({ ...base, features: { pay: true } }).features.pay).toBe(true)
  })

  it('takes the legal links as http(s) URLs only', () => {
    const resolved = resolveOptions({
      ...base,
      features: { legalCheckbox: true },
      termsConditionsUrl: 'https://dapp.example/terms',
      privacyPolicyUrl: 'http://dapp.example/privacy',
    })
    expect(resolved.termsConditionsUrl).toBe('https://dapp.example/terms')
    expect(resolved.privacyPolicyUrl).toBe('http://dapp.example/privacy')
    expect(failure({ ...base, termsConditionsUrl: 'javascript:alert(1)' }).message).toBe(
      'Invalid Portico options: termsConditionsUrl: expected an http:// or https:// URL',
    )
    expect(failure({ ...base, privacyPolicyUrl: 'ftp://dapp.example/p' }).message).toMatch(
      /^Invalid Portico options: privacyPolicyUrl/,
    )
  })

  it('takes the order options from features or from the top level, features first', () => {
    const top = resolveOptions({ ...base, connectMethodsOrder: ['wallet', 'email', 'social'] })
    expect(top.features.connectMethodsOrder).toEqual(['wallet', 'email', 'social'])
    const both = resolveOptions({
      ...base,
      connectorTypeOrder: ['recent'],
      features: { connectorTypeOrder: ['injected', 'recent'] },
    })
    expect(both.connectorTypeOrder).toEqual(['injected', 'recent'])
    expect(failure({ ...base, walletFeaturesOrder: ['bridge'] }).message).toMatch(/walletFeaturesOrder/)
  })

  it('accepts a light theme and theme variables, and refuses an unknown theme mode', () => {
    const resolved = resolveOptions({
      ...base,
      themeMode: 'light',
      themeVariables: { '--portico-accent': '#ff0000', '--portico-z-index': 2000 },
    })
    expect(resolved.themeMode).toBe('light')
    expect(resolved.themeVariables).toEqual({ '--portico-accent': '#ff0000', '--portico-z-index': 2000 })
    expect(failure({ ...base, themeMode: 'sepia' }).message).toMatch(/themeMode/)
  })

  it('merges account type overrides over the defaults', () => {
    expect(resolveOptions({ ...base, defaultAccountTypes: { eip155: 'eoa' } }).defaultAccountTypes).toEqual({
      eip155: 'eoa',
      bip122: 'payment',
      polkadot: 'eoa',
      solana: 'eoa',
    })
  })

  it('checks the services URL and drops a trailing slash so paths join cleanly', () => {
    expect(resolveOptions({ ...base, servicesUrl: 'https://portico.example/' }).servicesUrl).toBe(
      'https://portico.example',
    )
    expect(failure({ ...base, servicesUrl: 'not a url' }).message).toMatch(/servicesUrl/)
  })

  it('checks the dapp metadata', () => {
    const metadata = { name: 'Demo', description: 'A demo', url: 'https://demo.example', icons: [] }
    expect(resolveOptions({ ...base, metadata }).metadata).toEqual(metadata)
    expect(failure({ ...base, metadata: { ...metadata, url: 'demo' } }).message).toMatch(/metadata\.url/)
  })

  it("uses the services' relay and the project by default, or the operator's relay and WalletConnect id", () => {
    expect(resolveOptions({ ...base, servicesUrl: 'https://services.example/' }).walletConnect).toEqual({
      relayUrl: 'wss://services.example/v1/wc-relay',
      projectId: 'demo',
    })
    expect(resolveOptions({ ...base, servicesUrl: 'http://localhost:3001' }).walletConnect.relayUrl).toBe(
      'ws://localhost:3001/v1/wc-relay',
    )
    const hosted = { relayUrl: 'wss://relay.walletconnect.org', projectId: 'a1b2' }
    expect(resolveOptions({ ...base, walletConnect: hosted }).walletConnect).toEqual(hosted)
    expect(failure({ ...base, walletConnect: { relayUrl: 'https://relay.example' } }).message).toMatch(
      /walletConnect\.relayUrl/,
    )
  })
})
