import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors.ts'
import { type PayOptions, parsePayOptions } from './request.ts'

const NETWORK = 'eip155:8453'
const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const eth = { network: NETWORK, asset: 'native', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

const parse = (options: Partial<PayOptions>) =>
  parsePayOptions({ recipient: RECIPIENT, amount: 1, paymentAsset: eth, ...options } as PayOptions, NETWORK)

describe('parsePayOptions', () => {
  it('takes AppKit Pay’s shape: the native coin or a token contract, checksummed', () => {
    expect(parse({ amount: 0.0001 })).toEqual({
      recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      amount: '0.0001',
      contract: undefined,
      name: 'Ether',
      symbol: 'ETH',
      decimals: 18,
    })
    const usdc = parse({
      amount: '12.5',
      paymentAsset: {
        network: NETWORK,
        asset: USDC,
        metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      },
    })
    expect(usdc).toMatchObject({ amount: '12.5', contract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' })
  })

  it('writes a small number as a person does, not as 1e-7', () => {
    expect(parse({ amount: 0.0000001 }).amount).toBe('0.0000001')
  })

  it.each([
    [{ recipient: '0x123' }, 'Invalid payment: recipient: not an address'],
    [{ amount: -1 }, 'Invalid payment: amount:'],
    [
      { amount: '1.0000001', paymentAsset: { ...eth, metadata: { ...eth.metadata, decimals: 6 } } },
      'amount: 1.0000001 is not a positive amount of 6 decimals',
    ],
    [{ amount: '0' }, 'amount: 0 is not a positive amount'],
    [{ amount: 'ten' }, 'amount: ten is not a positive amount'],
    [
      { paymentAsset: { ...eth, network: 'eip155:1' } },
      'paymentAsset.network is eip155:1, but this page uses eip155:8453',
    ],
    [{ paymentAsset: { ...eth, asset: 'USDC' } }, 'Invalid payment: paymentAsset.asset:'],
  ])('refuses %j with a PorticoError naming the field', (options, message) => {
    expect(() => parse(options as Partial<PayOptions>)).toThrow(PorticoError)
    expect(() => parse(options as Partial<PayOptions>)).toThrow(message)
  })
})
