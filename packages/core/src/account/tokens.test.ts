import { describe, expect, it } from 'vitest'
import { balance } from './fixtures.test-support.ts'
import {
  sortByValue,
  tokenContract,
  totalValue,
  visibleBalances,
  walletAssetsToBalances,
  withNativeCoin,
} from './tokens.ts'

describe('token list', () => {
  it('hides zero-decimal tokens and sorts the rest by value, highest first', () => {
    const list = [
      balance('DAI', 12_000),
      balance('POINTS', 150_000, '0'),
      balance('USDC', 25_000, '6', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'),
      balance('ETH', 9_000),
    ]
    expect(sortByValue(visibleBalances(list)).map((b) => b.symbol)).toEqual(['USDC', 'DAI', 'ETH'])
  })

  it('adds the values of the shown tokens, treating non-numbers as zero', () => {
    expect(totalValue([balance('A', 1.005), balance('B', 2), balance('C', Number.NaN)])).toBeCloseTo(3.005)
  })

  it('reads the contract from the CAIP address; the native token has none', () => {
    expect(
      tokenContract(balance('USDC', 1, '6', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3')),
    ).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
    expect(tokenContract(balance('ETH', 1))).toBeUndefined()
  })

  it('keeps the native coin sendable from the wallet’s own balance when the portfolio lacks it', () => {
    const ether = { name: 'Ether', symbol: 'ETH', decimals: 18, chainId: 'eip155:31337' }
    const usdc = balance('USDC', 5, '6', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3')
    const [coin, ...rest] = withNativeCoin([usdc], { ...ether, value: 1_500_000_000_000_000_000n })
    expect(coin).toMatchObject({
      symbol: 'ETH',
      address: undefined,
      quantity: { decimals: '18', numeric: '1.5' },
    })
    expect(rest).toEqual([usdc])
    // The services' own entry wins; an unknown balance adds nothing.
    const listed = [balance('ETH', 9_000), usdc]
    expect(withNativeCoin(listed, { ...ether, value: 1n })).toEqual(listed)
    expect(withNativeCoin([], { ...ether, value: undefined })).toEqual([])
  })

  it('turns wallet_getAssets entries into balances', () => {
    const balances = walletAssetsToBalances(
      [
        {
          address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          balance: '0x5f5e100',
          type: 'ERC20',
          metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1 },
        },
        {
          address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
          balance: '0xde0b6b3a7640000',
          type: 'NATIVE',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, value: 3000 },
        },
        {
          address: '0x1',
          balance: 'not hex',
          type: 'ERC20',
          metadata: { name: 'x', symbol: 'X', decimals: 1 },
        },
      ],
      { chainId: 31337 },
    )
    expect(balances).toEqual([
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:31337',
        address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
        value: 100,
        price: 1,
        quantity: { decimals: '6', numeric: '100' },
        iconUrl: '',
      },
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        address: undefined,
        value: 3000,
        price: 3000,
        quantity: { decimals: '18', numeric: '1' },
        iconUrl: '',
      },
    ])
  })
})
