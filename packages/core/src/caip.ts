import { PorticoError } from './errors.ts'

/** The chain namespaces Portico can name; ids in any other namespace are refused. */
export const CHAIN_NAMESPACES = [
  'eip155',
  'solana',
  'bip122',
  'polkadot',
  'cosmos',
  'sui',
  'stacks',
  'ton',
  'tron',
] as const

export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** CAIP-2, e.g. `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`
/** CAIP-10, e.g. `eip155:1:0xab16…`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  chainId: string
}

export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string
}

// Character classes from CAIP-2 and CAIP-10: they keep whitespace and separators out of ids that
// end up in storage keys, URLs and cookies.
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

export function isChainNamespace(value: string): value is ChainNamespace {
  return (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

export function toCaipNetworkId(namespace: ChainNamespace, chainId: string | number): CaipNetworkId {
  return `${namespace}:${chainId}`
}

export function toCaipAddress(
  namespace: ChainNamespace,
  chainId: string | number,
  address: string,
): CaipAddress {
  return `${namespace}:${chainId}:${address}`
}

/** Throws unless `id` is `namespace:reference` with a known namespace. */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  const parts = id.split(':')
  if (parts.length !== 2) {
    throw new PorticoError(`Invalid CAIP network id "${id}": expected 2 parts (namespace:reference)`)
  }
  const [namespace = '', chainId = ''] = parts
  return { namespace: checkNamespace(namespace, id), chainId: checkReference(chainId, id) }
}

/** Throws unless `value` is `namespace:reference:address` with a known namespace. */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  const parts = value.split(':')
  if (parts.length !== 3) {
    throw new PorticoError(`Invalid CAIP address "${value}": expected 3 parts (namespace:reference:address)`)
  }
  const [namespace = '', chainId = '', address = ''] = parts
  const network = { namespace: checkNamespace(namespace, value), chainId: checkReference(chainId, value) }
  if (!ACCOUNT_ADDRESS.test(address)) {
    throw new PorticoError(`Invalid CAIP address "${value}": the address part is empty or malformed`)
  }
  return { ...network, address }
}

function checkNamespace(namespace: string, whole: string): ChainNamespace {
  if (!namespace) throw new PorticoError(`Invalid CAIP id "${whole}": the namespace is empty`)
  if (!isChainNamespace(namespace)) {
    throw new PorticoError(`Invalid CAIP id "${whole}": unknown namespace "${namespace}"`)
  }
  return namespace
}

function checkReference(reference: string, whole: string): string {
  if (!REFERENCE.test(reference)) {
    throw new PorticoError(`Invalid CAIP id "${whole}": the chain reference is empty or malformed`)
  }
  return reference
}
