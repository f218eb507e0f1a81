/**
 * What the RPC proxy forwards: the node methods a dapp reads with — account, block, call,
 * gas, fee, logs, transaction reads, filters (the reads behaviour §6 calls safe) — and `eth_sendRawTransaction`,
 * which carries a transaction the user's wallet already signed. Nothing that makes the node sign or
 * name accounts of its own (`eth_sendTransaction`, `eth_sign*`, `personal_sign`, `eth_accounts`), nor
 * node administration (`anvil_*`, `hardhat_*`, `debug_*`, `admin_*`) nor wallet methods (`wallet_*`),
 * which no node should answer for a visitor: anvil, for one, signs with its unlocked dev accounts.
 * An exact list rather than core's safe list filtered, so adding a method here is a visible choice.
 */
export const PROXY_METHODS = [
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
] as const

const ALLOWED = new Set<string>(PROXY_METHODS)

/** Exact, case-sensitive, as the embedded wallet's policy (behaviour §6). */
export function isProxyMethod(method: string): boolean {
  return ALLOWED.has(method)
}

/** Methods that create a filter on the node that answers them; its id means nothing to another node. */
export const FILTER_CREATORS: ReadonlySet<string> = new Set(['eth_newFilter', 'eth_newBlockFilter'])

/** Methods that name a filter by the id its node handed out (the first parameter). */
export const FILTER_USERS: ReadonlySet<string> = new Set([
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
])
