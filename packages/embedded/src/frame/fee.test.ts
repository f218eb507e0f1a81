import { formatFee } from '@portico/core/internal'
import { numberToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainRead } from './chain-read.ts'
import { feeText } from './fee.ts'

/** A node that answers the estimate and the gas price, and records what it was asked. */
function node(gas: bigint, price: bigint): { read: ChainRead; calls: [string, unknown[]][] } {
  const calls: [string, unknown[]][] = []
  const read: ChainRead = async (method, params) => {
    calls.push([method, params])
    if (method === 'eth_estimateGas') return numberToHex(gas)
    if (method === 'eth_gasPrice') return numberToHex(price)
    throw new Error(`unexpected ${method}`)
  }
  return { read, calls }
}

describe('the approval card’s estimated fee', () => {
  it('is written as Send writes it: 6 decimals, floored, not every wei of it', async () => {
    // 0.00012345600061728 ETH: the whole figure used to show, every wei of it.
    const { read } = node(123_456n, 1_000_000_005n)
    const text = await feeText({ to: '0x0000000000000000000000000000000000000001' }, read)
    expect(text).toBe('0.000123 ETH')
    expect(text).toBe(formatFee(123_456n * 1_000_000_005n, 18, 'ETH'))
  })

  it('shows a round fee with all 6 decimals, as Send’s “Network fee: 0.000021 ETH”', async () => {
    const { read } = node(21_000n, 1_000_000_000n)
    expect(await feeText({ to: '0x0000000000000000000000000000000000000001', value: 1n }, read)).toBe(
      '0.000021 ETH',
    )
  })

  it('estimates the transaction as it will be sent', async () => {
    const { read, calls } = node(21_000n, 1n)
    await feeText({ from: '0x00000000000000000000000000000000000000aa', value: 16n, data: '0x1234' }, read)
    expect(calls[0]).toEqual([
      'eth_estimateGas',
      [{ from: '0x00000000000000000000000000000000000000aa', value: '0x10', data: '0x1234' }],
    ])
  })
})
