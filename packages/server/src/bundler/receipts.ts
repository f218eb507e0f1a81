import {
  type Address,
  decodeEventLog,
  type Hash,
  type Hex,
  type PublicClient,
  type RpcLog,
  type RpcTransactionReceipt,
  toEventSelector,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'

const USER_OPERATION_EVENT = toEventSelector(
  'UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)',
)
const BEFORE_EXECUTION = toEventSelector('BeforeExecution()')
const REVERT_REASON = toEventSelector('UserOperationRevertReason(bytes32,address,uint256,bytes)')

/** What UserOperationEvent says about one operation in a mined bundle. */
export interface Inclusion {
  success: boolean
  actualGasCost: bigint
  actualGasUsed: bigint
  paymaster: Address
  nonce: bigint
  sender: Address
}

const isEntryPointLog = (log: Pick<RpcLog, 'address'>, entryPoint: Address) =>
  log.address.toLowerCase() === entryPoint.toLowerCase()

/** The UserOperationEvent of `userOpHash` among a receipt's logs, decoded. */
export function inclusionIn(
  logs: readonly Pick<RpcLog, 'address' | 'topics' | 'data'>[],
  entryPoint: Address,
  userOpHash: Hash,
): Inclusion | undefined {
  const log = logs.find(
    (entry) =>
      isEntryPointLog(entry, entryPoint) &&
      entry.topics[0] === USER_OPERATION_EVENT &&
      entry.topics[1]?.toLowerCase() === userOpHash.toLowerCase(),
  )
  if (!log) return undefined
  const { args } = decodeEventLog({
    abi: entryPoint08Abi,
    eventName: 'UserOperationEvent',
    topics: log.topics as [Hex, ...Hex[]],
    data: log.data,
  })
  return {
    success: args.success,
    actualGasCost: args.actualGasCost,
    actualGasUsed: args.actualGasUsed,
    paymaster: args.paymaster,
    nonce: args.nonce,
    sender: args.sender,
  }
}

/**
 * eth_getUserOperationReceipt's answer, from the bundle's receipt: the operation's own logs are
 * those after the previous operation's UserOperationEvent (or BeforeExecution) up to its own.
 */
export async function userOperationReceipt(
  client: PublicClient,
  entryPoint: Address,
  userOpHash: Hash,
  txHash: Hash,
) {
  const receipt = (await client.request({
    method: 'eth_getTransactionReceipt',
    params: [txHash],
  })) as RpcTransactionReceipt | null
  if (!receipt) return null
  const at = receipt.logs.findIndex(
    (log) =>
      isEntryPointLog(log, entryPoint) &&
      log.topics[0] === USER_OPERATION_EVENT &&
      log.topics[1]?.toLowerCase() === userOpHash.toLowerCase(),
  )
  const inclusion = inclusionIn(receipt.logs, entryPoint, userOpHash)
  if (at < 0 || !inclusion) return null
  let start = at
  while (start > 0) {
    const previous = receipt.logs[start - 1]
    if (
      previous &&
      isEntryPointLog(previous, entryPoint) &&
      (previous.topics[0] === USER_OPERATION_EVENT || previous.topics[0] === BEFORE_EXECUTION)
    )
      break
    start--
  }
  const own = receipt.logs.slice(start, at)
  const reverted = own.find(
    (log) =>
      isEntryPointLog(log, entryPoint) && log.topics[0] === REVERT_REASON && log.topics[1] === userOpHash,
  )
  const hex = (value: bigint) => `0x${value.toString(16)}` as Hex
  return {
    userOpHash,
    entryPoint,
    sender: inclusion.sender,
    nonce: hex(inclusion.nonce),
    paymaster: inclusion.paymaster,
    actualGasCost: hex(inclusion.actualGasCost),
    actualGasUsed: hex(inclusion.actualGasUsed),
    success: inclusion.success,
    ...(reverted ? { reason: reverted.data } : {}),
    logs: own,
    receipt,
  }
}

/** Whether the EntryPoint logged `userOpHash` in the last `blocks` blocks, and in which transaction. */
export async function findOnChain(
  client: PublicClient,
  entryPoint: Address,
  userOpHash: Hash,
  blocks = 10_000n,
): Promise<Hash | undefined> {
  const head = await client.getBlockNumber()
  const logs = await client.getLogs({
    address: entryPoint,
    event: entryPoint08Abi.find(
      (item): item is Extract<(typeof entryPoint08Abi)[number], { name: 'UserOperationEvent' }> =>
        item.type === 'event' && item.name === 'UserOperationEvent',
    ),
    args: { userOpHash },
    fromBlock: head > blocks ? head - blocks : 0n,
    toBlock: head,
  })
  return logs[0]?.transactionHash ?? undefined
}
