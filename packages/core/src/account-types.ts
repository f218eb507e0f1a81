import type { ChainNamespace } from './caip.ts'

type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

export type AccountTypes = Partial<Record<ChainNamespace, AccountType>>

/** behaviour §4: a smart account on EVM chains, the payment address on Bitcoin, plain keys elsewhere. */
export const DEFAULT_ACCOUNT_TYPES = {
  eip155: 'smartAccount',
  bip122: 'payment',
  polkadot: 'eoa',
  solana: 'eoa',
} as const satisfies AccountTypes

/** The host's choices win per namespace; an override left undefined keeps the default. */
export function resolveAccountTypes(overrides?: AccountTypes): AccountTypes {
  const resolved: AccountTypes = { ...DEFAULT_ACCOUNT_TYPES }
  for (const [namespace, type] of Object.entries(overrides ?? {}) as [
    ChainNamespace,
    AccountType | undefined,
  ][]) {
    if (type !== undefined) resolved[namespace] = type
  }
  return resolved
}
