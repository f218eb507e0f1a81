import type { Address } from 'viem'
import type { SuccessOf } from '../../protocol.ts'

type User = SuccessOf<'GET_USER'>
export type AccountType = 'eoa' | 'smartAccount'

/** The user's smart account: its counterfactual address, and whether its first operation deployed it. */
export interface SmartAccountState {
  address: Address
  deployed: boolean
}

/**
 * The user as the page sees it (behaviour §3): both accounts, the EOA (the key) first, and the
 * active one's address. Without a smart account on this chain the EOA is the only account and the
 * active one, whatever was preferred.
 */
export function presentUser(user: User, preferred: AccountType, smart: SmartAccountState | undefined): User {
  const eoa = user.accounts.find((account) => account.type === 'eoa')?.address ?? user.address
  if (!smart)
    return {
      ...user,
      address: eoa,
      accounts: [{ address: eoa, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }
  return {
    ...user,
    address: preferred === 'smartAccount' ? smart.address : eoa,
    accounts: [
      { address: eoa, type: 'eoa' },
      { address: smart.address, type: 'smartAccount' },
    ],
    preferredAccountType: preferred,
    smartAccountDeployed: smart.deployed,
  }
}
