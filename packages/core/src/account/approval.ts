/**
 * An approval's Activity row names the token and the spender, which the services' history leaves
 * out: both are read once from the transaction's receipt on the chain.
 */
import { type Config, getTransactionReceipt } from '@wagmi/core'
import { getAddress } from 'viem'
import type { ApprovalShown } from './activity.ts'
import { approvalOf } from './receipt-logs.ts'

/** Hash → the answer: a row scrolled away and back, or a refresh of the list, reads nothing again. */
const read = new Map<string, Promise<{ token: string; spender: string } | undefined>>()

/**
 * `symbolOf` names a token contract the account holds (from its balances); another shows as its
 * address. Undefined when the receipt holds no approval by `owner` or cannot be read.
 */
export async function readApproval(
  wagmiConfig: Config,
  { chainId, hash, owner }: { chainId: number; hash: `0x${string}`; owner: string },
  symbolOf: (token: string) => string | undefined,
): Promise<ApprovalShown | undefined> {
  let answer = read.get(hash)
  if (!answer) {
    answer = getTransactionReceipt(wagmiConfig, { chainId, hash }).then(
      (receipt) => approvalOf(receipt.logs, owner),
      () => undefined,
    )
    read.set(hash, answer)
    // A failed read is tried again by the next row that asks.
    void answer.then((found) => found ?? read.delete(hash))
  }
  const found = await answer
  return found && { token: symbolOf(found.token) ?? found.token, spender: getAddress(found.spender) }
}
