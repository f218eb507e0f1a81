import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ACCEPTED_RPC_METHODS,
  APPROVAL_RPC_METHODS,
  classifyRpcMethod,
  SAFE_RPC_METHODS,
} from './rpc-policy.ts'

describe('RPC policy', () => {
  it.each([
    'eth_call',
    'eth_getBalance',
    'eth_getLogs',
    'eth_getBlockByNumber',
    'eth_getTransactionReceipt',
    'eth_newFilter',
    'eth_uninstallFilter',
    'eth_sendRawTransaction',
    'wallet_getAssets',
    'wallet_getCapabilities',
    'wallet_getCallsStatus',
  ])('answers %s without asking the user', (method) => {
    expect(classifyRpcMethod(method)).toBe('safe')
  })

  it.each([
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
  ])('asks the user to approve %s', (method) => {
    expect(classifyRpcMethod(method)).toBe('approval')
  })

  it.each([
    'eth_sign',
    'eth_signTypedData',
    'eth_signTypedData_v3',
    'eth_signTransaction',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'debug_traceTransaction',
    'ETH_CALL',
    '',
  ])('rejects %j', (method) => {
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
