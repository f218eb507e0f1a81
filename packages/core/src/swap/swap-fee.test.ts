import { describe, expect, it } from 'vitest'
import type { ServicesClient } from '../account/http-client.ts'
import type { SwapToken } from './swap.ts'
import { swapNetworkFee } from './swap-fee.ts'

const ETH: SwapToken = {
  name: 'Ether',
  symbol: 'ETH',
  address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  decimals: 18,
  logoUri: '',
}
const USDC: SwapToken = {
  name: 'USD Coin',
  symbol: 'USDC',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  decimals: 6,
  logoUri: '',
}
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The services' answers by path; what was asked is kept in `asked`. */
function services(answers: Record<string, unknown>) {
  const asked: string[] = []
  const answer = async ({ path }: { path: string }) => {
    asked.push(path)
    return answers[path]
  }
  return { client: { get: answer, post: answer } as unknown as ServicesClient, asked }
}

describe('the network fee of a swap', () => {
  it('is the gas of the swap the services build, at their gas price', async () => {
    const { client, asked } = services({
      '/v1/convert/build-transaction': { tx: { eip155: { gas: '150000', gasPrice: '2000000000' } } },
    })
    const fee = await swapNetworkFee(client, {
      address: ADDRESS,
      from: ETH,
      to: USDC,
      units: 10n ** 17n,
      slippage: 1,
      chainId: 'eip155:31337',
    })
    expect(fee).toEqual({ wei: 300_000_000_000_000n, approximate: false })
    expect(asked).toEqual(['/v1/convert/build-transaction'])
  })

  it('is an approval and a swap at the gas price, said as about, when the router may not take the token yet', async () => {
    const { client, asked } = services({
      '/v1/convert/allowance': { allowance: '0' },
      '/v1/convert/gas-price': { standard: '1000000000', fast: '1200000000', instant: '1500000000' },
    })
    const fee = await swapNetworkFee(client, {
      address: ADDRESS,
      from: USDC,
      to: ETH,
      units: 5_000_000n,
      slippage: 1,
      chainId: 'eip155:31337',
    })
    expect(fee).toEqual({ wei: 260_000n * 1_000_000_000n, approximate: true })
    expect(asked).toEqual(['/v1/convert/allowance', '/v1/convert/gas-price'])
  })

  it('is the built swap’s when the allowance already covers the amount', async () => {
    const { client } = services({
      '/v1/convert/allowance': { allowance: '5000000' },
      '/v1/convert/build-transaction': { tx: { eip155: { gas: '100000', gasPrice: '1' } } },
    })
    const fee = await swapNetworkFee(client, {
      address: ADDRESS,
      from: USDC,
      to: ETH,
      units: 5_000_000n,
      slippage: 1,
      chainId: 'eip155:31337',
    })
    expect(fee).toEqual({ wei: 100_000n, approximate: false })
  })
})
