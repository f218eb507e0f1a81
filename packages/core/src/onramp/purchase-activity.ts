/**
 * On-ramp purchases as Activity rows (behaviour §3 on-ramp transactions): each purchase one `buy`
 * transaction, and the chain's transfer that paid it folded into it, so one purchase is one row.
 */
import { groupTransactions, type TransactionsByYear } from '../account/activity.ts'
import type { Transaction } from '../account/types.ts'
import type { OnrampPurchase } from './onramp.ts'

export function purchaseTransaction(purchase: OnrampPurchase, chain: string, address: string): Transaction {
  return {
    id: `onramp:${purchase.id}`,
    hash: purchase.txHash ?? undefined,
    metadata: {
      // A purchase counts from when it was paid, or from when it was started while it is open.
      minedAt: purchase.status === 'paid' ? purchase.updatedAt : purchase.createdAt,
      chain,
      operationType: 'buy',
      status: purchase.status,
      sentFrom: '',
      sentTo: address,
    },
    transfers: [
      {
        direction: 'in',
        quantity: { numeric: purchase.purchaseAmount.amount },
        fungible_info: { name: purchase.purchaseAmount.currency, symbol: purchase.purchaseAmount.currency },
      },
    ],
  }
}

/**
 * The list with the purchases in it; a transfer that paid a purchase shows only as that purchase,
 * which takes the token's icon from it.
 */
export function withPurchases(groups: TransactionsByYear, purchases: TransactionsByYear): TransactionsByYear {
  const bought = Object.values(purchases).flatMap((months) => Object.values(months).flat())
  if (bought.length === 0) return groups
  const payments = new Map<string, Transaction>()
  const kept: TransactionsByYear = {}
  const paidBy = new Set(bought.flatMap((purchase) => (purchase.hash ? [purchase.hash.toLowerCase()] : [])))
  for (const [year, months] of Object.entries(groups))
    kept[Number(year)] = Object.fromEntries(
      Object.entries(months).map(([month, list]) => [
        month,
        list.filter((transaction) => {
          const hash = transaction.hash?.toLowerCase() ?? ''
          if (!paidBy.has(hash)) return true
          payments.set(hash, transaction)
          return false
        }),
      ]),
    )
  const withIcons = bought.map((purchase) => {
    const icon = payments.get(purchase.hash?.toLowerCase() ?? '')?.transfers[0]?.fungible_info?.icon
    return icon
      ? {
          ...purchase,
          transfers: purchase.transfers.map((transfer) => ({
            ...transfer,
            fungible_info: { ...transfer.fungible_info, icon },
          })),
        }
      : purchase
  })
  return groupTransactions(kept, withIcons)
}
