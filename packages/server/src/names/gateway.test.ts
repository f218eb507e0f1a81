import {
  type Address,
  decodeAbiParameters,
  decodeFunctionResult,
  encodeFunctionData,
  encodePacked,
  type Hex,
  keccak256,
  namehash,
  parseAbi,
  recoverAddress,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { packetToBytes } from 'viem/ens'
import { describe, expect, it } from 'vitest'
import { answerOf, dnsDecode, GatewayInputError, readQuestion, signAnswer } from './gateway.ts'

// What the resolver and viem send, built independently of the module under test.
const gatewayAbi = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes)',
  'function reverse(bytes lookupAddress, uint256 coinType) view returns (string)',
])
const resolverAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
  'function contenthash(bytes32 node) view returns (bytes)',
])
const SUFFIX = 'portico.id'
const CHAIN_COIN = 2147514985n
const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address

const resolveQuestion = (name: string, data: Hex) =>
  encodeFunctionData({ abi: gatewayAbi, functionName: 'resolve', args: [toHex(packetToBytes(name)), data] })
const addrCall = (name: string, coinType?: bigint) =>
  encodeFunctionData({
    abi: resolverAbi,
    functionName: 'addr',
    args: coinType === undefined ? [namehash(name)] : [namehash(name), coinType],
  })
const textCall = (name: string, key: string) =>
  encodeFunctionData({ abi: resolverAbi, functionName: 'text', args: [namehash(name), key] })
const reverseQuestion = (address: Hex, coinType: bigint) =>
  encodeFunctionData({ abi: gatewayAbi, functionName: 'reverse', args: [address, coinType] })

describe('DNS-encoded names', () => {
  it('reads what viem encodes', () => {
    for (const name of ['alice.portico.id', 'Alice.Portico.ID', 'x', 'émile.portico.id'])
      expect(dnsDecode(packetToBytes(name))).toBe(name)
    expect(dnsDecode(new Uint8Array([0]))).toBe('')
  })

  it('refuses bytes that are not one name', () => {
    const bad = [
      [],
      [5, 97, 108, 105, 99, 101],
      [9, 97, 0],
      [1, 97, 0, 0],
      [2, 0xc3, 0x28, 0],
      [3, 97, 46, 98, 0],
    ]
    for (const bytes of bad) expect(dnsDecode(new Uint8Array(bytes)), String(bytes)).toBeUndefined()
  })
})

describe('reading the resolver’s question', () => {
  it('reads addr, addr by coin type and text for a name under the suffix, in any case', () => {
    const name = 'Alice.portico.ID'
    expect(readQuestion(resolveQuestion(name, addrCall(name)), SUFFIX)).toEqual({
      kind: 'addr',
      label: 'Alice',
      coinType: undefined,
    })
    expect(readQuestion(resolveQuestion(name, addrCall(name, 60n)), SUFFIX)).toEqual({
      kind: 'addr',
      label: 'Alice',
      coinType: 60n,
    })
    expect(readQuestion(resolveQuestion(name, textCall(name, 'avatar')), SUFFIX)).toEqual({
      kind: 'text',
      label: 'Alice',
      key: 'avatar',
    })
  })

  it('has no label for names that cannot be account names here', () => {
    for (const name of [
      'alice.eth',
      'portico.id',
      'a.b.portico.id',
      'al_ice.portico.id',
      `${'a'.repeat(64)}.portico.id`,
    ])
      expect(readQuestion(resolveQuestion(name, addrCall(name)), SUFFIX)).toMatchObject({ label: undefined })
  })

  it('takes a resolver call it keeps no record for as one with an empty answer', () => {
    const name = 'alice.portico.id'
    const contenthash = encodeFunctionData({
      abi: resolverAbi,
      functionName: 'contenthash',
      args: [namehash(name)],
    })
    expect(readQuestion(resolveQuestion(name, contenthash), SUFFIX)).toEqual({ kind: 'other' })
    expect(readQuestion(resolveQuestion(name, '0x'), SUFFIX)).toEqual({ kind: 'other' })
  })

  it('reads a reverse question for a 20-byte address; another chain’s address has no name here', () => {
    expect(readQuestion(reverseQuestion('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 60n), SUFFIX)).toEqual({
      kind: 'reverse',
      address: ALICE,
      coinType: 60n,
    })
    expect(readQuestion(reverseQuestion('0x00141234', 0n), SUFFIX)).toEqual({
      kind: 'reverse',
      address: undefined,
      coinType: 0n,
    })
  })

  it('refuses what no client of the resolver sends', () => {
    const name = 'alice.portico.id'
    const refused: Hex[] = [
      '0x',
      '0x12345678',
      resolveQuestion(name, addrCall(name)).slice(0, 100) as Hex,
      encodeFunctionData({
        abi: gatewayAbi,
        functionName: 'resolve',
        args: ['0x05616c696365', addrCall(name)],
      }),
      resolveQuestion(name, addrCall('bob.portico.id')),
      resolveQuestion(name, `${addrCall(name).slice(0, 20)}` as Hex),
    ]
    for (const data of refused) expect(() => readQuestion(data, SUFFIX), data).toThrow(GatewayInputError)
  })
})

describe('the answer', () => {
  const alice = { address: ALICE, attributes: { avatar: 'https://img.example/a.png' } }
  const found = { name: alice, primaryName: undefined }
  const nothing = { name: undefined, primaryName: undefined }
  const addrResult = (data: Hex, coinType?: bigint) =>
    decodeFunctionResult({
      abi: resolverAbi,
      functionName: 'addr',
      args: coinType === undefined ? [namehash('x')] : [namehash('x'), coinType],
      data,
    })

  it('is the address for addr(node) and for the chain’s, the default EVM and the Ethereum coin type', () => {
    expect(
      addrResult(answerOf({ kind: 'addr', label: 'alice', coinType: undefined }, found, CHAIN_COIN)),
    ).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    for (const coinType of [CHAIN_COIN, 0x80000000n, 60n])
      expect(
        addrResult(answerOf({ kind: 'addr', label: 'alice', coinType }, found, CHAIN_COIN), coinType),
      ).toBe(ALICE)
    expect(addrResult(answerOf({ kind: 'addr', label: 'alice', coinType: 0n }, found, CHAIN_COIN), 0n)).toBe(
      '0x',
    )
  })

  it('is empty for a name that is not registered, so viem answers null', () => {
    expect(answerOf({ kind: 'addr', label: 'nobody', coinType: undefined }, nothing, CHAIN_COIN)).toBe('0x')
    expect(answerOf({ kind: 'text', label: 'nobody', key: 'avatar' }, nothing, CHAIN_COIN)).toBe('0x')
    expect(answerOf({ kind: 'other' }, found, CHAIN_COIN)).toBe('0x')
  })

  it('is the text record, or empty text, never an inherited property', () => {
    const text = (key: string) =>
      decodeFunctionResult({
        abi: resolverAbi,
        functionName: 'text',
        data: answerOf({ kind: 'text', label: 'alice', key }, found, CHAIN_COIN),
      })
    expect(text('avatar')).toBe('https://img.example/a.png')
    expect(text('url')).toBe('')
    expect(text('constructor')).toBe('')
    expect(text('__proto__')).toBe('')
  })

  it('is the primary name for a coin type this chain answers, else empty', () => {
    const named = { name: undefined, primaryName: 'alice.portico.id' }
    const reverse = (coinType: bigint, facts: { name: undefined; primaryName: string | undefined } = named) =>
      decodeAbiParameters(
        [{ type: 'string' }],
        answerOf({ kind: 'reverse', address: ALICE, coinType }, facts, CHAIN_COIN),
      )[0]
    expect(reverse(60n)).toBe('alice.portico.id')
    expect(reverse(CHAIN_COIN)).toBe('alice.portico.id')
    expect(reverse(0x80000000n)).toBe('alice.portico.id')
    expect(reverse(2147483658n)).toBe('')
    expect(reverse(60n, nothing)).toBe('')
  })
})

describe('the signed response', () => {
  it('is (result, expires, signature) signed by the key over resolver, expiry, question and result', async () => {
    const key = privateKeyToAccount(generatePrivateKey())
    const resolver = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address
    const question = resolveQuestion('alice.portico.id', addrCall('alice.portico.id'))
    const response = await signAnswer(key, { resolver, question, result: '0x1234', expires: 1_800_000_000n })
    const [result, expires, signature] = decodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
      response,
    )
    expect(result).toBe('0x1234')
    expect(expires).toBe(1_800_000_000n)
    const digest = keccak256(
      encodePacked(
        ['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'],
        ['0x1900', resolver, expires, keccak256(question), keccak256(result)],
      ),
    )
    expect(await recoverAddress({ hash: digest, signature })).toBe(key.address)
  })
})
