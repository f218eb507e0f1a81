/**
 * Which JSON-RPC methods the embedded wallet answers (behaviour §5, §6). Safe methods only read or
 * relay an already signed transaction, so they need no approval and survive the modal closing;
 * the others move funds or sign on the user's behalf and must be approved in the modal.
 */

export const SAFE_RPC_METHODS = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_sendRawTransaction',
  'eth_uninstallFilter',
  'wallet_getAssets',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
] as const

export const APPROVAL_RPC_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_sendUserOperation',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const

export const ACCEPTED_RPC_METHODS = [...SAFE_RPC_METHODS, ...APPROVAL_RPC_METHODS] as const

export type RpcMethodClass = 'safe' | 'approval' | 'rejected'

const SAFE = new Set<string>(SAFE_RPC_METHODS)
const APPROVAL = new Set<string>(APPROVAL_RPC_METHODS)

/** Exact, case-sensitive match: `ETH_CALL` is not a method any node knows. */
export function classifyRpcMethod(method: string): RpcMethodClass {
  if (SAFE.has(method)) return 'safe'
  if (APPROVAL.has(method)) return 'approval'
  return 'rejected'
}
