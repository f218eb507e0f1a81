import type { Address } from 'viem'

/**
 * What the dapp asks a wallet for and how it reads the answer: CAIP-10 accounts of the one chain
 * (`eip155:31337:0xabc…`). Pure, so the SDK's shapes are checked in unit tests.
 */
const WALLET_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTypedData',
  'eth_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const
const WALLET_EVENTS = ['accountsChanged', 'chainChanged'] as const

export function proposalNamespaces(chainId: number) {
  return {
    eip155: { chains: [`eip155:${chainId}`], methods: [...WALLET_METHODS], events: [...WALLET_EVENTS] },
  }
}

interface Namespace {
  accounts: string[]
  methods: string[]
}

/** The session's addresses on `chainId`, first one first, each once. */
export function sessionAccounts(namespaces: Record<string, Namespace>, chainId: number): Address[] {
  const prefix = `eip155:${chainId}:`
  const addresses = (namespaces.eip155?.accounts ?? [])
    .filter((account) => account.startsWith(prefix))
    .map((account) => account.slice(prefix.length))
    .filter((address): address is Address => /^0x[0-9a-fA-F]{40}$/.test(address))
  return [...new Set(addresses)]
}

/** Methods the wallet agreed to answer; everything else goes to the chain's own RPC. */
export function sessionMethods(namespaces: Record<string, Namespace>): Set<string> {
  return new Set(namespaces.eip155?.methods ?? [])
}

/** `accountsChanged` data from a wallet: plain addresses or CAIP-10 ones. */
export function eventAccounts(data: unknown): Address[] {
  if (!Array.isArray(data)) return []
  return data
    .map((entry) => (typeof entry === 'string' ? (entry.split(':').at(-1) ?? '') : ''))
    .filter((address): address is Address => /^0x[0-9a-fA-F]{40}$/.test(address))
}

/** `chainChanged` data: a number, a decimal or hex string, or a CAIP-2 id. */
export function eventChainId(data: unknown): number | undefined {
  const text = typeof data === 'number' ? String(data) : typeof data === 'string' ? data : ''
  const last = text.split(':').at(-1) ?? ''
  const id = /^0x[0-9a-f]+$/i.test(last)
    ? Number.parseInt(last, 16)
    : /^\d+$/.test(last)
      ? Number(last)
      : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** The services' own relay or any self-hosted one: not WalletConnect's hosted relay. */
export function isHostedRelay(relayUrl: string): boolean {
  try {
    const { hostname } = new URL(relayUrl)
    return /(^|\.)walletconnect\.(org|com)$/.test(hostname)
  } catch {
    return false
  }
}
