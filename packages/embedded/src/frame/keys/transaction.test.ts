import { describe, expect, it } from 'vitest'
import { fakeChain } from './test-chain.ts'
import { fillTransaction } from './transaction.ts'

const sender = { address: '0x1111111111111111111111111111111111111111', chainId: 31337 } as const
const to = '0x2222222222222222222222222222222222222222'
const gwei = 1_000_000_000n
const chain = () =>
  fakeChain({
    eth_getTransactionCount: '0x7',
    eth_maxPriorityFeePerGas: '0x3b9aca00',
    eth_getBlockByNumber: { number: '0x10', baseFeePerGas: '0x77359400' },
    eth_estimateGas: '0x5208',
  })

describe('filling a transaction from the chain', () => {
  it('takes the frame chain id, the pending nonce, twice the base fee plus the tip, and the estimate', async () => {
    const { calls, read } = chain()
    expect(await fillTransaction({ to, value: 10n }, sender, read)).toEqual({
      type: 'eip1559',
      chainId: 31337,
      nonce: 7,
      to,
      value: 10n,
      data: undefined,
      gas: 21000n,
      maxFeePerGas: 5n * gwei,
      maxPriorityFeePerGas: gwei,
    })
    expect(calls).toEqual(
      expect.arrayContaining([
        ['eth_getTransactionCount', [sender.address, 'pending']],
        ['eth_getBlockByNumber', ['latest', false]],
        ['eth_estimateGas', [{ from: sender.address, to, value: '0xa' }]],
      ]),
    )
  })

  it('asks the chain only for what the request left out', async () => {
    const { methods, read } = chain()
    const filled = await fillTransaction(
      { to, data: '0x1234', gas: 50_000n, maxFeePerGas: 9n * gwei, maxPriorityFeePerGas: 2n * gwei },
      sender,
      read,
    )
    expect(filled).toMatchObject({
      gas: 50_000n,
      maxFeePerGas: 9n * gwei,
      maxPriorityFeePerGas: 2n * gwei,
      data: '0x1234',
    })
    expect(methods()).toEqual(['eth_getTransactionCount'])
  })

  it('keeps the tip within a fee cap the page set', async () => {
    const { methods, read } = chain()
    const filled = await fillTransaction({ to, maxFeePerGas: gwei / 2n }, sender, read)
    expect(filled).toMatchObject({ maxFeePerGas: gwei / 2n, maxPriorityFeePerGas: gwei / 2n })
    expect(methods()).not.toContain('eth_getBlockByNumber')
  })

  it('refuses a chain whose blocks carry no base fee', async () => {
    const { read } = fakeChain({
      eth_getTransactionCount: '0x0',
      eth_maxPriorityFeePerGas: '0x1',
      eth_getBlockByNumber: { number: '0x1' },
      eth_estimateGas: '0x5208',
    })
    await expect(fillTransaction({ to }, sender, read)).rejects.toThrow(
      'This chain does not take EIP-1559 transactions',
    )
  })
})
