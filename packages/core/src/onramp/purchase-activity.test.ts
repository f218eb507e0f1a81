import { describe, expect, it } from 'vitest'
import { activityRow, groupTransactions, monthGroups } from '../account/activity.ts'
import type { Transaction } from '../account/types.ts'
import type { OnrampPurchase } from './onramp.ts'
import { purchaseTransaction, withPurchases } from './purchase-activity.ts'

const CHAIN = 'eip155:31337'
const ME = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const purchase = (id: string, status: OnrampPurchase['status'], txHash: string | null): OnrampPurchase => ({
  id,
  provider: 'sandbox',
  status,
  purchaseAmount: { amount: '0.016333000000000000', currency: 'ETH' },
  paymentTotal: { amount: '50.00', currency: 'USD' },
  txHash,
  failureReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:01:00.000Z',
})
const received: Transaction = {
  id: '0xabc:31337',
  hash: '0xABC',
  metadata: {
    minedAt: '2026-11-20T10:01:00.000Z',
    chain: CHAIN,
    operationType: 'receive',
    status: 'confirmed',
    sentFrom: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
    sentTo: ME,
  },
  transfers: [
    {
      direction: 'in',
      quantity: { numeric: '0.016333' },
      fungible_info: { symbol: 'ETH', icon: { url: 'http://127.0.0.1:4100/v1/token-icons/eth.svg' } },
    },
  ],
}

describe('on-ramp purchases in Activity', () => {
  it('fold the transfer that paid a purchase into one Buy row, and say where an open one stands', () => {
    const list = groupTransactions({}, [received])
    const purchases = groupTransactions({}, [
      purchaseTransaction(purchase('p1', 'paid', '0xabc'), CHAIN, ME),
      purchaseTransaction(purchase('p2', 'created', null), CHAIN, ME),
    ])
    const rows = monthGroups(withPurchases(list, purchases), new Date('2026-11-26'))
      .flatMap((group) => group.transactions)
      .map((transaction) => activityRow(transaction))
    expect(rows.map((row) => [row.title, row.descriptions, row.images])).toEqual([
      ['Buy', ['0.016 ETH'], ['http://127.0.0.1:4100/v1/token-icons/eth.svg']],
      ['Buy · waiting for payment', ['0.016 ETH'], []],
    ])
  })

  it('leave the list as it was when there are none', () => {
    const list = groupTransactions({}, [received])
    expect(withPurchases(list, {})).toBe(list)
    const failed = purchaseTransaction(purchase('p3', 'failed', null), CHAIN, ME)
    expect(activityRow(failed).title).toBe('Buy · failed')
  })
})
