import { getAddress } from 'viem'
import { expect, it } from 'vitest'
import { SwapsOptions } from './config.ts'
import { NATIVE_TOKEN, swapChains, tokenAt } from './market.ts'

const address = (digit: string) => `0x${digit.repeat(40)}`
const chain = {
  rpcUrl: 'http://127.0.0.1:8545',
  router: address('a'),
  factory: address('b'),
  weth: address('d'),
  tokens: [{ address: address('c'), symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
}

it('offers the native token first, then the ERC-20s, with icons by address or symbol', () => {
  const config = SwapsOptions.parse({
    chains: {
      31337: { ...chain, tokenIcons: { eth: 'data:image/svg+xml,e', [address('c')]: 'https://i/usdc.svg' } },
    },
  })
  const swaps = swapChains(config).get('eip155:31337')
  expect(swaps?.router).toBe(getAddress(address('a')))
  expect(
    swaps?.tokens.map(({ symbol, caipAddress, logoUri, native }) => ({
      symbol,
      caipAddress,
      logoUri,
      native,
    })),
  ).toEqual([
    {
      symbol: 'ETH',
      caipAddress: `eip155:31337:${NATIVE_TOKEN}`,
      logoUri: 'data:image/svg+xml,e',
      native: true,
    },
    {
      symbol: 'USDC',
      caipAddress: `eip155:31337:${getAddress(address('c'))}`,
      logoUri: 'https://i/usdc.svg',
      native: false,
    },
  ])
  expect(swaps && tokenAt(swaps, NATIVE_TOKEN.toLowerCase())?.symbol).toBe('ETH')
  expect(swaps && tokenAt(swaps, address('9'))).toBeUndefined()
})

it('refuses chain ids that are no number and a WETH offered beside ETH', () => {
  expect(SwapsOptions.safeParse({ chains: { mainnet: chain } }).error?.issues[0]?.message).toBe(
    'chain ids are positive whole numbers',
  )
  const weth = {
    ...chain,
    tokens: [{ address: address('d'), symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 }],
  }
  expect(SwapsOptions.safeParse({ chains: { 1: weth } }).error?.issues[0]).toMatchObject({
    path: ['chains', '1', 'tokens', 0],
    message: `must not list the WETH contract ${getAddress(address('d'))}: the native token stands for it`,
  })
})
