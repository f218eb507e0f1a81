import { decodeFunctionData, parseAbi, parseEther, parseGwei } from 'viem'
import { expect, test } from 'vitest'
import { ETH_TRANSFER_GAS, ethToMove, feeReserve, type Holding, planTokenTransfers } from './eoa-assets.ts'

const from = '0x1111111111111111111111111111111111111111'
const to = '0x2222222222222222222222222222222222222222'
const token = (n: number) => `0x${String(n).repeat(40)}` as const
const abi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
])

const holdings: Holding[] = [
  { kind: 'erc1155', token: token(3), name: 'BADGE', tokenId: 7n, amount: 2n },
  { kind: 'erc721', token: token(4), name: 'ART', tokenId: 1n },
  { kind: 'erc20', token: token(5), name: 'USDC', amount: 5_000_000n, decimals: 6 },
  { kind: 'erc20', token: token(6), name: 'EMPTY', amount: 0n },
]

test('tokens move first (ERC-20s, then ERC-721s, then ERC-1155s), each by its own transfer call to the new address; nothing is sent for an empty balance', () => {
  const transfers = planTokenTransfers(from, to, holdings)
  expect(transfers.map((transfer) => transfer.holding.name)).toEqual(['USDC', 'ART', 'BADGE'])
  expect(transfers.map((transfer) => transfer.to)).toEqual([token(5), token(4), token(3)])
  const calls = transfers.map((transfer) => decodeFunctionData({ abi, data: transfer.data }))
  expect(calls[0]).toEqual({ functionName: 'transfer', args: [to, 5_000_000n] })
  expect(calls[1]).toEqual({ functionName: 'safeTransferFrom', args: [from, to, 1n] })
  expect(calls[2]).toEqual({ functionName: 'safeTransferFrom', args: [from, to, 7n, 2n, '0x'] })
})

test('the ETH kept back pays for every transfer and the ETH one at the fee cap', () => {
  const transfers = planTokenTransfers(from, to, holdings)
  const gas = transfers.reduce((sum, transfer) => sum + transfer.gas, 0n) + ETH_TRANSFER_GAS
  expect(feeReserve(transfers, parseGwei('10'))).toBe(gas * parseGwei('10'))
  expect(feeReserve([], parseGwei('10'))).toBe(ETH_TRANSFER_GAS * parseGwei('10'))
})

test('ETH goes last with all that is left but its own fee, and not at all when the fee would eat it', () => {
  const fee = parseGwei('10')
  expect(ethToMove(parseEther('1'), fee)).toBe(parseEther('1') - ETH_TRANSFER_GAS * fee)
  expect(ethToMove(ETH_TRANSFER_GAS * fee, fee)).toBe(0n)
  expect(ethToMove(0n, fee)).toBe(0n)
})
