import { describe, expect, it } from 'vitest'
import { ALICE, BOB } from './fixtures.test-support.ts'
import { approvalOf, type ReceiptLog, receivedAmount } from './receipt-logs.ts'

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
const amount = (units: bigint) => `0x${units.toString(16).padStart(64, '0')}`
const log = (address: string, topics: string[], data = '0x'): ReceiptLog => ({ address, topics, data })

describe('receipt logs', () => {
  it('sums what of the token reached the account, ignoring other tokens and other receivers', () => {
    const logs = [
      log(USDC, [TRANSFER, topic(BOB), topic(ALICE)], amount(296_000_000n)),
      log(USDC, [TRANSFER, topic(BOB), topic(BOB)], amount(7n)),
      log(DAI, [TRANSFER, topic(BOB), topic(ALICE)], amount(9n)),
      log(USDC.toLowerCase(), [TRANSFER, topic(BOB), topic(ALICE)], amount(412_000n)),
    ]
    expect(receivedAmount(logs, USDC, ALICE)).toBe(296_412_000n)
    expect(receivedAmount(logs, USDC, '0x0000000000000000000000000000000000000001')).toBeUndefined()
  })

  it('finds the spender and the token of the account’s approval, and none of another owner', () => {
    const logs = [
      log(USDC, [TRANSFER, topic(ALICE), topic(BOB)], amount(1n)),
      log(USDC, [APPROVAL, topic(ALICE), topic(BOB)], amount(5n)),
    ]
    expect(approvalOf(logs, ALICE)).toEqual({ token: USDC, spender: BOB.toLowerCase() })
    expect(approvalOf(logs, BOB)).toBeUndefined()
  })
})
