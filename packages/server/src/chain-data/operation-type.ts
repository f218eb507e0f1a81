import type { EventKind } from '../indexer/tables.ts'

export const OPERATION_TYPES = [
  'send',
  'receive',
  'mint',
  'burn',
  'approve',
  'trade',
  'execute',
  'deposit',
  'withdraw',
] as const
export type OperationType = (typeof OPERATION_TYPES)[number]

type Direction = 'in' | 'out' | 'self'

export interface Movement {
  kind: EventKind
  contract: string | null
  from: string
  to: string
}

export interface ClassifiedTransaction {
  /** Lower-case address whose point of view is taken. */
  address: string
  txFrom: string
  txTo: string | null
  /** Native value the transaction carried, in wei. */
  value: bigint
  /** Transfers and approvals of the transaction that involve `address`. */
  movements: Movement[]
}

const ZERO = '0x0000000000000000000000000000000000000000'

export function directionOf(address: string, movement: Pick<Movement, 'from' | 'to'>): Direction {
  if (movement.from === address && movement.to === address) return 'self'
  return movement.from === address ? 'out' : 'in'
}

/**
 * What a transaction was for the account, from what moved: only incoming is a receive (a mint
 * when it came from the zero address), only outgoing a send (a burn to the zero address), both
 * a trade — or a deposit when native value went to a contract that minted its token back (WETH),
 * a withdraw when a token burned at a contract paid native value back. Nothing moved: an approval,
 * or a contract call (execute); a failed transaction keeps the intent its value shows.
 */
export function classifyOperation(tx: ClassifiedTransaction): OperationType {
  const transfers = tx.movements.filter((movement) => movement.kind !== 'approval')
  if (transfers.length === 0) {
    if (tx.movements.some((movement) => movement.from === tx.address)) return 'approve'
    if (tx.value > 0n && tx.txTo !== null) {
      if (tx.txFrom === tx.address && tx.txTo !== tx.address) return 'send'
      if (tx.txTo === tx.address && tx.txFrom !== tx.address) return 'receive'
    }
    return 'execute'
  }
  const outs = transfers.filter((movement) => directionOf(tx.address, movement) === 'out')
  const ins = transfers.filter((movement) => directionOf(tx.address, movement) === 'in')
  if (outs.length > 0 && ins.length > 0) {
    const nativeOut = outs.find((movement) => movement.kind === 'native')
    if (nativeOut && ins.every((movement) => movement.from === ZERO && movement.contract === nativeOut.to)) {
      return 'deposit'
    }
    const nativeIn = ins.find((movement) => movement.kind === 'native')
    if (nativeIn && outs.every((movement) => movement.to === ZERO && movement.contract === nativeIn.from)) {
      return 'withdraw'
    }
    return 'trade'
  }
  if (ins.length > 0) return ins.every((movement) => movement.from === ZERO) ? 'mint' : 'receive'
  if (outs.length > 0) return outs.every((movement) => movement.to === ZERO) ? 'burn' : 'send'
  return 'send'
}

/**
 * Who sent and who received, as the account's Activity names them (the counterparty is the
 * recipient of a send, the sender of a receive). Normally the transaction's own sender and
 * recipient. A smart account moves funds inside someone else's transaction (its user operation,
 * mined in the bundler's `handleOps`): then its one transfer's sender and recipient, not the
 * bundler and the EntryPoint.
 */
export function partiesOf(
  tx: Pick<ClassifiedTransaction, 'address' | 'txFrom' | 'txTo' | 'movements'>,
  operationType: OperationType,
): { from: string; to: string | null } {
  const { address, txFrom, txTo } = tx
  const transfers = tx.movements.filter((movement) => movement.kind !== 'approval')
  const [only] = transfers
  if (txFrom === address || transfers.length !== 1 || !only) return { from: txFrom, to: txTo }
  if (operationType === 'send') return { from: address, to: only.to }
  // The sender of a token is the transaction's sender unless a contract moved it on their behalf.
  if (operationType === 'receive') return { from: only.from, to: txTo }
  return { from: txFrom, to: txTo }
}
