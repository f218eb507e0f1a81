import { describe, expect, it } from 'vitest'
import { DEFAULT_ACCOUNT_TYPES, resolveAccountTypes } from './account-types.ts'

describe('account types', () => {
  it('defaults to a smart account on EVM, payment on Bitcoin, eoa on Polkadot and Solana', () => {
    expect(resolveAccountTypes()).toEqual({
      eip155: 'smartAccount',
      bip122: 'payment',
      polkadot: 'eoa',
      solana: 'eoa',
    })
  })

  it('lets the host override one namespace and keeps the others', () => {
    expect(resolveAccountTypes({ eip155: 'eoa', bip122: 'ordinal' })).toEqual({
      eip155: 'eoa',
      bip122: 'ordinal',
      polkadot: 'eoa',
      solana: 'eoa',
    })
  })

  it('ignores overrides left undefined and never changes the defaults', () => {
    expect(resolveAccountTypes({ eip155: undefined })).toMatchObject({ eip155: 'smartAccount' })
    resolveAccountTypes({ solana: 'smartAccount' })
    expect(DEFAULT_ACCOUNT_TYPES.solana).toBe('eoa')
  })
})
