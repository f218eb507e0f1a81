import { type Hex, hashTypedData, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api.ts'
import { personalSignMessage, transactionAsk, typedDataDigest } from './sign-params.ts'

const wallet = '0x1111111111111111111111111111111111111111'
const other = '0x2222222222222222222222222222222222222222'

function refusal(run: () => unknown): { message: string; code: number | undefined } {
  try {
    run()
  } catch (error) {
    if (error instanceof ApiError) return { message: error.message, code: error.code }
    throw error
  }
  throw new Error('expected a refusal')
}

const typed = {
  domain: { name: 'Portico', version: '1', chainId: 31337 },
  types: {
    Note: [
      { name: 'text', type: 'string' },
      { name: 'tag', type: 'bytes' },
    ],
  },
  primaryType: 'Note' as const,
  message: { text: 'hi', tag: '0x01' as Hex },
}

describe('signing parameters', () => {
  it('personal_sign gives the raw message, whatever follows the address', () => {
    const raw = stringToHex('hello')
    expect(personalSignMessage([raw, wallet], wallet)).toBe(raw)
    expect(personalSignMessage([raw, wallet.toUpperCase().replace('0X', '0x'), 'extra'], wallet)).toBe(raw)
  })

  it('eth_signTypedData_v4 gives the EIP-712 digest, with or without EIP712Domain among the types', () => {
    const digest = hashTypedData(typed)
    expect(typedDataDigest([wallet, JSON.stringify(typed)], wallet)).toBe(digest)
    const declared = {
      ...typed,
      types: { ...typed.types, EIP712Domain: [{ name: 'name', type: 'string' }] },
    }
    expect(typedDataDigest([wallet, JSON.stringify(declared)], wallet)).toBe(digest)
  })

  it('eth_sendTransaction gives the amounts as numbers', () => {
    expect(
      transactionAsk([{ from: wallet, to: other, value: '0x10', data: '0x', gas: '0x5208' }], wallet),
    ).toEqual({
      to: other,
      value: 16n,
      data: '0x',
      gas: 21000n,
    })
    expect(transactionAsk([{}], wallet)).toEqual({ to: undefined, data: undefined })
  })

  it.each([
    [
      'personal_sign without params',
      () => personalSignMessage(undefined, wallet),
      'Invalid input: expected tuple, received undefined',
    ],
    [
      'personal_sign of text that is not hex',
      () => personalSignMessage(['hello', wallet], wallet),
      'expected 0x-prefixed hex',
    ],
    [
      'personal_sign without an address',
      () => personalSignMessage(['0x00'], wallet),
      'Invalid input: expected string, received undefined',
    ],
    [
      'personal_sign with a short address',
      () => personalSignMessage(['0x00', '0x12'], wallet),
      'expected an address',
    ],
    [
      'typed data with a third param',
      () => typedDataDigest([wallet, '{}', 1], wallet),
      'Too big: expected array to have <=2 items',
    ],
    [
      'typed data as an object',
      () => typedDataDigest([wallet, typed], wallet),
      'Invalid input: expected string, received object',
    ],
    ['typed data that is not JSON', () => typedDataDigest([wallet, '{'], wallet), 'Typed data is not JSON'],
    [
      'typed data without types',
      () => typedDataDigest([wallet, '{}'], wallet),
      'Invalid input: expected record, received undefined',
    ],
    [
      'typed data with a numeric field name',
      () => typedDataDigest([wallet, JSON.stringify({ ...typed, types: { Note: [{ name: 1 }] } })], wallet),
      'Invalid input: expected string, received number',
    ],
    [
      'a transaction without params',
      () => transactionAsk([], wallet),
      'Too small: expected array to have >=1 items',
    ],
    ['two transactions', () => transactionAsk([{}, {}], wallet), 'Too big: expected array to have <=1 items'],
    [
      'a numeric value',
      () => transactionAsk([{ value: 5 }], wallet),
      'Invalid input: expected string, received number',
    ],
    ['a recipient that is no address', () => transactionAsk([{ to: 'bob' }], wallet), 'expected an address'],
  ])('%s is refused as invalid params: %s', (_case, run, message) => {
    expect(refusal(run)).toEqual({ message, code: -32602 })
  })

  it("typed data whose values do not fit their types is refused as invalid params, with viem's reason when it has one", () => {
    const missing = JSON.stringify({ ...typed, message: { text: 'hi' } })
    expect(refusal(() => typedDataDigest([wallet, missing], wallet))).toEqual({
      message: 'Typed data does not match its types',
      code: -32602,
    })
    const unknownPrimary = JSON.stringify({ ...typed, primaryType: 'Letter' })
    const { message, code } = refusal(() => typedDataDigest([wallet, unknownPrimary], wallet))
    expect(code).toBe(-32602)
    expect(message).toMatch(/^Typed data does not match its types: Invalid primary type `Letter`/)
  })

  it.each([
    ['personal_sign', () => personalSignMessage(['0x00', other], wallet)],
    ['eth_signTypedData_v4', () => typedDataDigest([other, JSON.stringify(typed)], wallet)],
    ['eth_sendTransaction', () => transactionAsk([{ from: other }], wallet)],
  ])('%s for another account is refused with 4100', (_method, run) => {
    expect(refusal(run)).toEqual({ message: 'The requested account is not this wallet', code: 4100 })
  })
})
