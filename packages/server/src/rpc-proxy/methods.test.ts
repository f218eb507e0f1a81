import { SAFE_RPC_METHODS } from '@portico/core/shared'
import { describe, expect, it } from 'vitest'
import { FILTER_CREATORS, FILTER_USERS, isProxyMethod, PROXY_METHODS } from './methods.ts'

describe('the RPC proxy allow-list', () => {
  it('is within the methods behaviour §6 calls safe', () => {
    for (const method of PROXY_METHODS) expect(SAFE_RPC_METHODS).toContain(method)
  })

  it.each([
    'eth_sendTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData_v4',
    'personal_sign',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_coinbase',
    'anvil_setBalance',
    'anvil_impersonateAccount',
    'hardhat_mine',
    'debug_traceTransaction',
    'admin_peers',
    'evm_mine',
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'ETH_CALL',
    'eth_call ',
    '',
  ])('refuses %j', (method) => {
    expect(isProxyMethod(method)).toBe(false)
  })

  it('takes the reads a dapp makes and a signed transaction', () => {
    for (const method of ['eth_call', 'eth_getBalance', 'eth_getLogs', 'eth_sendRawTransaction'])
      expect(isProxyMethod(method)).toBe(true)
  })

  it('names only forwarded methods as filter methods', () => {
    for (const method of [...FILTER_CREATORS, ...FILTER_USERS]) expect(isProxyMethod(method)).toBe(true)
  })
})
