import { describe, expect, it } from 'vitest'
import { presentUser } from './user.ts'

const EOA = '0x1111111111111111111111111111111111111111' as const
const SMART = '0x2222222222222222222222222222222222222222' as const
const user = {
  email: 'ada@example.com',
  address: EOA,
  chainId: 31337,
  accounts: [{ address: EOA, type: 'eoa' as const }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

describe('presentUser', () => {
  it('lists the EOA and the smart account, and connects with the preferred one', () => {
    const smart = presentUser(user, 'smartAccount', { address: SMART, deployed: false })
    expect(smart).toMatchObject({
      address: SMART,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    expect(smart.accounts).toEqual([
      { address: EOA, type: 'eoa' },
      { address: SMART, type: 'smartAccount' },
    ])
    // Switching keeps both accounts; only the address the page connects with changes.
    const eoa = presentUser(smart, 'eoa', { address: SMART, deployed: true })
    expect(eoa).toMatchObject({ address: EOA, preferredAccountType: 'eoa', smartAccountDeployed: true })
    expect(eoa.accounts).toHaveLength(2)
  })

  it('is the EOA alone on a chain without smart accounts, whatever was preferred', () => {
    expect(presentUser(user, 'smartAccount', undefined)).toMatchObject({
      address: EOA,
      accounts: [{ address: EOA, type: 'eoa' }],
      preferredAccountType: 'eoa',
    })
  })
})
