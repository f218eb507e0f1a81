import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ACCEPTED_RPC_METHODS,
  APPROVAL_RPC_METHODS,
  classifyRpcMethod,
  type RpcMethodClass,
  SAFE_RPC_METHODS,
} from './rpc-policy.ts'

// Every method the policy names and the near misses it must refuse, by family rather than by class,
// so a method that moves to another class fails here.
const EXPECTED: Array<[string, RpcMethodClass]> = [
  ['eth_call', 'safe'],
  ['eth_getBalance', 'safe'],
  ['eth_getLogs', 'safe'],
  ['eth_getBlockByNumber', 'safe'],
  ['eth_getTransactionReceipt', 'safe'],
  ['eth_sendRawTransaction', 'safe'],
  ['eth_sendTransaction', 'approval'],
  ['eth_signTransaction', 'rejected'],
  ['eth_newFilter', 'safe'],
  ['eth_uninstallFilter', 'safe'],
  ['personal_sign', 'approval'],
  ['eth_sign', 'rejected'],
  ['eth_signTypedData_v4', 'approval'],
  ['eth_signTypedData_v3', 'rejected'],
  ['eth_signTypedData', 'rejected'],
  ['eth_sendUserOperation', 'approval'],
  ['wallet_getAssets', 'safe'],
  ['wallet_getCapabilities', 'safe'],
  ['wallet_sendCalls', 'approval'],
  ['wallet_getCallsStatus', 'safe'],
  ['wallet_grantPermissions', 'approval'],
  ['wallet_revokePermissions', 'approval'],
  ['wallet_switchEthereumChain', 'rejected'],
  ['wallet_addEthereumChain', 'rejected'],
  ['solana_signMessage', 'approval'],
  ['solana_signTransaction', 'approval'],
  ['solana_signAllTransactions', 'approval'],
  ['solana_signAndSendTransaction', 'approval'],
  ['debug_traceTransaction', 'rejected'],
  ['ETH_CALL', 'rejected'],
  ['', 'rejected'],
]
const methodsOf = (expected: RpcMethodClass) =>
  EXPECTED.filter(([, methodClass]) => methodClass === expected).map(([method]) => method)

describe('RPC policy', () => {
  it.each(methodsOf('safe'))('answers %s without asking the user', (method) => {
    expect(classifyRpcMethod(method)).toBe('safe')
  })

  it.each(methodsOf('approval'))('asks the user to approve %s', (method) => {
    expect(classifyRpcMethod(method)).toBe('approval')
  })

  it.each(methodsOf('rejected'))('rejects %j', (method) => {
    expect(classifyRpcMethod(method)).toBe('rejected')
  })

  it('never puts a method in both the safe and the approval list', () => {
    const safe = new Set<string>(SAFE_RPC_METHODS)
    expect(APPROVAL_RPC_METHODS.filter((m) => safe.has(m))).toEqual([])
    expect(new Set(ACCEPTED_RPC_METHODS).size).toBe(SAFE_RPC_METHODS.length + APPROVAL_RPC_METHODS.length)
  })

  it('rejects every method outside the accepted list', () => {
    const accepted = new Set<string>(ACCEPTED_RPC_METHODS)
    fc.assert(
      fc.property(
        fc.string().filter((m) => !accepted.has(m)),
        (method) => classifyRpcMethod(method) === 'rejected',
      ),
    )
  })
})
