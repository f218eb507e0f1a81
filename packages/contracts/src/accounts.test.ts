import { bytesToHex, type HDAccount } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS, DEV_MNEMONIC } from './accounts.ts'

describe('DEV_ACCOUNTS', () => {
  it('are the first ten accounts of the anvil mnemonic', () => {
    expect(DEV_ACCOUNTS).toHaveLength(10)
    DEV_ACCOUNTS.forEach((account, addressIndex) => {
      const derived: HDAccount = mnemonicToAccount(DEV_MNEMONIC, { addressIndex })
      const privateKey = derived.getHdKey().privateKey
      expect(account.address).toBe(derived.address)
      expect(privateKey && bytesToHex(privateKey)).toBe(account.privateKey)
    })
  })
})
