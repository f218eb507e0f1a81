import { describe, expect, it } from 'vitest'
import {
  type CheckoutInput,
  coinbaseCheckoutUrl,
  coinbaseNetworkOf,
  meldCheckoutUrl,
  meldCurrencyCode,
  networkName,
} from './provider-urls.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const input = (chainId: number): CheckoutInput => ({
  address: ADDRESS,
  chainId,
  asset: 'ETH',
  fiatAmount: '100.00',
  fiatCurrency: 'USD',
  cryptoAmount: '0.03279',
})
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams)

describe('Coinbase Onramp URL', () => {
  it('is the hosted buy page with every documented parameter, read back from the URL', () => {
    const url = coinbaseCheckoutUrl('cdp-app-1', input(8453))
    expect(url.startsWith('https://pay.coinbase.com/buy/select-asset?')).toBe(true)
    expect(paramsOf(url)).toEqual({
      appId: 'cdp-app-1',
      destinationWallets: JSON.stringify([{ address: ADDRESS, blockchains: ['base'], assets: ['ETH'] }]),
      partnerUserId: ADDRESS,
      defaultNetwork: 'base',
      presetCryptoAmount: '0.03279',
      presetFiatAmount: '100.00',
      fiatCurrency: 'USD',
      defaultExperience: 'buy',
    })
  })

  it('carries destinationWallets as URL-encoded JSON', () => {
    const url = coinbaseCheckoutUrl('cdp-app-1', input(8453))
    const raw = /[?&]destinationWallets=([^&]*)/.exec(url)?.[1] ?? ''
    expect(raw).toBe(
      `%5B%7B%22address%22%3A%22${ADDRESS}%22%2C%22blockchains%22%3A%5B%22base%22%5D%2C%22assets%22%3A%5B%22ETH%22%5D%7D%5D`,
    )
    expect(JSON.parse(decodeURIComponent(raw))).toEqual([
      { address: ADDRESS, blockchains: ['base'], assets: ['ETH'] },
    ])
  })

  it('maps the eight Coinbase Pay chains by id and falls back to ethereum for any other', () => {
    const chains = { 1: 'ethereum', 42161: 'arbitrum', 137: 'polygon', 80094: 'berachain' }
    const more = { 43114: 'avalanche-c-chain', 10: 'optimism', 42220: 'celo', 8453: 'base' }
    for (const [id, name] of Object.entries({ ...chains, ...more }))
      expect(coinbaseNetworkOf(Number(id))).toBe(name)
    for (const id of [31337, 11155111, 56]) expect(coinbaseNetworkOf(id)).toBe('ethereum')
    const local = paramsOf(coinbaseCheckoutUrl('cdp-app-1', input(31337)))
    expect(local.defaultNetwork).toBe('ethereum')
    expect(JSON.parse(local.destinationWallets ?? '')[0].blockchains).toEqual(['ethereum'])
  })

  it('names a network by its name, never its CAIP id', () => {
    expect(networkName('eip155:8453')).toBe('Base')
    expect(networkName('eip155:31337')).toBe('Anvil')
    expect(networkName('eip155:56')).toBe('Chain 56')
    expect(networkName('solana:mainnet')).toBe('solana:mainnet')
  })
})

describe('Meld URL', () => {
  it('is the hosted widget with key, currency, wallet, customer and the fiat preset, read back', () => {
    const url = meldCheckoutUrl('WQ5:meld-public-key', {
      ...input(1),
      fiatCurrency: 'EUR',
      fiatAmount: '25.50',
    })
    const parsed = new URL(url)
    expect(parsed.origin).toBe('https://meldcrypto.com')
    expect(parsed.pathname).toBe('/')
    expect(paramsOf(url)).toEqual({
      publicKey: 'WQ5:meld-public-key',
      destinationCurrencyCode: 'ETH',
      walletAddress: ADDRESS,
      externalCustomerId: ADDRESS,
      sourceAmount: '25.50',
      sourceCurrencyCode: 'EUR',
    })
    expect(url).toContain('publicKey=WQ5%3Ameld-public-key')
  })

  it('names a token off Ethereum with its chain, and the bare symbol on Ethereum and the fallback', () => {
    expect(meldCurrencyCode('ETH', 1)).toBe('ETH')
    expect(meldCurrencyCode('ETH', 31337)).toBe('ETH')
    expect(meldCurrencyCode('ETH', 8453)).toBe('ETH_BASE')
    expect(meldCurrencyCode('USDC', 42161)).toBe('USDC_ARBITRUM')
    expect(paramsOf(meldCheckoutUrl('key', input(10))).destinationCurrencyCode).toBe('ETH_OPTIMISM')
  })
})
