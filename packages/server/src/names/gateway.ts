/**
 * The names gateway's half of EIP-3668: PorticoNameResolver sends an ENS client here
 * with a question — the name and resolver call it was asked, or an address and coin type whose
 * primary name it wants — and takes back only an answer the operator's gateway key signed for that
 * resolver and that question, before it expires. Reading the question and signing the answer are
 * pure; the routes (gateway-routes.ts) look the names up.
 */
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  encodePacked,
  type Hex,
  hexToBytes,
  keccak256,
  namehash,
  parseAbi,
  size,
  slice,
  toFunctionSelector,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'

/** What the resolver asks (its `IPorticoNameGateway`). */
const questionAbi = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes)',
  'function reverse(bytes lookupAddress, uint256 coinType) view returns (string)',
])
const addrAbi = parseAbi(['function addr(bytes32 node) view returns (address)'])
const addrOfCoinAbi = parseAbi(['function addr(bytes32 node, uint256 coinType) view returns (bytes)'])
const textAbi = parseAbi(['function text(bytes32 node, string key) view returns (string)'])
const resolverAbi = [...addrAbi, ...addrOfCoinAbi, ...textAbi]
const RESOLVER_SELECTORS = new Set(resolverAbi.map((item) => toFunctionSelector(item)))

/** The ENS default coin type for EVM chains (ENSIP-19). */
const DEFAULT_EVM_COIN_TYPE = 0x80000000n
/** Ethereum's own coin type (SLIP-44), what `addr(bytes32)` and viem's getEnsName ask by default. */
const ETH_COIN_TYPE = 60n

/** An answer is good this long: the client's callback follows at once, and a captured answer soon stops counting. */
export const ANSWER_TTL_S = 60

/** A question no client of the resolver sends: the routes answer it with a 400. */
export class GatewayInputError extends Error {
  override name = 'GatewayInputError'
}

export type Question =
  /** `addr(node)` (coinType undefined) or `addr(node, coinType)` for `label` under the suffix. */
  | { kind: 'addr'; label: string | undefined; coinType: bigint | undefined }
  | { kind: 'text'; label: string | undefined; key: string }
  /** A resolver call this gateway keeps no record for (content hash, ABI, …): always empty. */
  | { kind: 'other' }
  /** A primary name asked for; `address` undefined when it is no EVM address, which has none here. */
  | { kind: 'reverse'; address: Address | undefined; coinType: bigint }

/**
 * Reads the resolver's question. `label` is the account name's label when the name is one under
 * `suffix` (any case), undefined for any other name, which then has no records.
 */
export function readQuestion(callData: Hex, suffix: string): Question {
  const call = tryDecode(() => decodeFunctionData({ abi: questionAbi, data: callData }), 'the question')
  if (call.functionName === 'reverse') {
    const [lookupAddress, coinType] = call.args
    // Every coin type this gateway answers is an EVM one: another length is another chain's address.
    const address = size(lookupAddress) === 20 ? (lookupAddress.toLowerCase() as Address) : undefined
    return { kind: 'reverse', address, coinType }
  }
  const [dnsName, data] = call.args
  const name = dnsDecode(hexToBytes(dnsName))
  if (name === undefined) throw new GatewayInputError('expected a DNS-encoded name')
  if (size(data) < 4 || !RESOLVER_SELECTORS.has(slice(data, 0, 4))) return { kind: 'other' }
  const resolverCall = tryDecode(() => decodeFunctionData({ abi: resolverAbi, data }), 'the resolver call')
  // The node travels beside the name: a client that sent two different names gets no answer.
  if (resolverCall.args[0] !== namehash(name))
    throw new GatewayInputError('the node is not the namehash of the name')
  const label = labelUnder(name, suffix)
  if (resolverCall.functionName === 'text') return { kind: 'text', label, key: resolverCall.args[1] }
  return { kind: 'addr', label, coinType: resolverCall.args[1] }
}

/** What the gateway needs to know of the names, looked up by label or by address. */
export interface NameFacts {
  address: Address
  attributes: Record<string, string>
}

/**
 * The result the resolver returns for `question`: the resolver call's encoded result, empty when
 * the name is not one of ours (viem's getEnsAddress and getEnsText then answer null); for a
 * reverse question the encoded primary name, empty text when there is none (getEnsName: null).
 */
export function answerOf(
  question: Question,
  found: { name: NameFacts | undefined; primaryName: string | undefined },
  chainCoinType: bigint,
): Hex {
  const served = (coinType: bigint) =>
    coinType === chainCoinType || coinType === DEFAULT_EVM_COIN_TYPE || coinType === ETH_COIN_TYPE
  switch (question.kind) {
    case 'reverse':
      return encodeAbiParameters(
        [{ type: 'string' }],
        [served(question.coinType) ? (found.primaryName ?? '') : ''],
      )
    case 'other':
      return '0x'
    case 'text': {
      if (!found.name) return '0x'
      const { attributes } = found.name
      // Own keys only: `constructor` or `__proto__` are names a client may ask for, not records.
      const value = Object.hasOwn(attributes, question.key) ? (attributes[question.key] ?? '') : ''
      return encodeFunctionResult({ abi: textAbi, functionName: 'text', result: value })
    }
    case 'addr': {
      if (!found.name) return '0x'
      const { address } = found.name
      if (question.coinType === undefined)
        return encodeFunctionResult({ abi: addrAbi, functionName: 'addr', result: address })
      return encodeFunctionResult({
        abi: addrOfCoinAbi,
        functionName: 'addr',
        result: served(question.coinType) ? address : '0x',
      })
    }
  }
}

/**
 * The gateway's response body, `abi.encode(result, expires, signature)`, signed as the resolver
 * checks it: EIP-191 data with an intended validator (version 0x00) — the resolver, then the
 * expiry and the hashes of the question and the result.
 */
export async function signAnswer(
  key: PrivateKeyAccount,
  answer: { resolver: Address; question: Hex; result: Hex; expires: bigint },
): Promise<Hex> {
  const digest = keccak256(
    encodePacked(
      ['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'],
      ['0x1900', answer.resolver, answer.expires, keccak256(answer.question), keccak256(answer.result)],
    ),
  )
  const signature = await key.sign({ hash: digest })
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
    [answer.result, answer.expires, signature],
  )
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The dotted name of a DNS-encoded one (length-prefixed labels, ending in a zero byte), as ENS
 * clients send names; undefined when the bytes are not one, or a label holds a dot or bad UTF-8.
 */
export function dnsDecode(bytes: Uint8Array): string | undefined {
  const labels: string[] = []
  let at = 0
  while (at < bytes.length) {
    const length = bytes[at] ?? 0
    if (length === 0) return at === bytes.length - 1 ? labels.join('.') : undefined
    if (at + 1 + length > bytes.length) return undefined
    let label: string
    try {
      label = utf8.decode(bytes.subarray(at + 1, at + 1 + length))
    } catch {
      return undefined
    }
    if (label.includes('.')) return undefined
    labels.push(label)
    at += 1 + length
  }
  return undefined
}

/** The label of `label.suffix` when it is one an account name could have; undefined otherwise. */
function labelUnder(name: string, suffix: string): string | undefined {
  const dotted = `.${suffix.toLowerCase()}`
  if (!name.toLowerCase().endsWith(dotted)) return undefined
  const label = name.slice(0, -dotted.length)
  // Checked before any lookup: only letters, digits and hyphens ever reach the database.
  return /^[A-Za-z0-9-]{1,63}$/.test(label) ? label : undefined
}

function tryDecode<T>(decode: () => T, what: string): T {
  try {
    return decode()
  } catch {
    throw new GatewayInputError(`could not decode ${what}`)
  }
}
