import { porticoAccountAbi, porticoAccountFactoryAbi } from '@portico/core/shared'
import { encodeAbiParameters, encodeFunctionData } from 'viem'
import { expect, test } from 'vitest'
import { addressOfWord, getAddressCall, setOwnerCall } from './accounts.ts'

// The factory's ABI is held to solc's output by contracts/src/smart-accounts.int.test.ts.
const owner = '0x000000000000000000000000000000000000dEaD'
const account = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

test("the frame's written-out getAddress call is the factory ABI's", () => {
  expect(getAddressCall(owner)).toBe(
    encodeFunctionData({ abi: porticoAccountFactoryAbi, functionName: 'getAddress', args: [owner, 0n] }),
  )
})

test("the frame's written-out setOwner call is the account ABI's", () => {
  expect(setOwnerCall(account)).toBe(
    encodeFunctionData({ abi: porticoAccountAbi, functionName: 'setOwner', args: [account] }),
  )
})

test('the answer is read as a checksummed address; anything else is refused', () => {
  expect(addressOfWord(encodeAbiParameters([{ type: 'address' }], [account]))).toBe(account)
  expect(() => addressOfWord('0x')).toThrow('no address')
  expect(() => addressOfWord(`0x${'f'.repeat(64)}`)).toThrow('no address')
})
