import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { expect, test } from 'vitest'
import { readTokenCall } from './token-call.ts'

const SHOP = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

test('an ERC-20 transfer and approve are read as viem encodes them', () => {
  const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SHOP, 1_500_000n] })
  expect(readTokenCall(transfer)).toEqual({ method: 'transfer', party: SHOP, amount: 1_500_000n })
  const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SHOP, maxUint256] })
  expect(readTokenCall(approve)).toEqual({ method: 'approve', party: SHOP, amount: maxUint256 })
})

test('other data is no token call', () => {
  const transferFrom = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transferFrom',
    args: [SHOP, SHOP, 1n],
  })
  expect(readTokenCall(transferFrom)).toBeUndefined()
  const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SHOP, 1n] })
  expect(readTokenCall(`${transfer}00`)).toBeUndefined()
  expect(readTokenCall(undefined)).toBeUndefined()
  expect(readTokenCall('0x')).toBeUndefined()
  // An address word with bits above the address is not an ABI-encoded address.
  expect(readTokenCall(`0xa9059cbb${'1'.repeat(64)}${'0'.repeat(64)}`)).toBeUndefined()
})
