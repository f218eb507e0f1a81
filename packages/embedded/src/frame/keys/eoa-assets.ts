import { type Address, encodeFunctionData, type Hex, parseAbi } from 'viem'

/** Something an EOA holds that an EOA key rotation moves to the new address. */
export type Holding =
  | { kind: 'erc20'; token: Address; name: string; amount: bigint; decimals?: number | undefined }
  | { kind: 'erc721'; token: Address; name: string; tokenId: bigint }
  | { kind: 'erc1155'; token: Address; name: string; tokenId: bigint; amount: bigint }

/** One transaction of the move, sent by the old key: a token's transfer call. */
export interface TokenTransfer {
  holding: Holding
  to: Address
  data: Hex
  /** The most gas it is given; what the fee reserve counts. */
  gas: bigint
}

/** A plain ETH transfer's gas, the move's last transaction. */
export const ETH_TRANSFER_GAS = 21_000n

// Generous ceilings for the tokens' transfers: the ETH kept back pays for at most these, and a
// transfer a token's code makes dearer fails alone (it is reported) instead of stranding the ETH.
const GAS: Record<Holding['kind'], bigint> = { erc20: 100_000n, erc721: 150_000n, erc1155: 150_000n }

const abi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
])

const ORDER: Record<Holding['kind'], number> = { erc20: 0, erc721: 1, erc1155: 2 }

/**
 * The transfers that move `holdings` from `from` to `to`: ERC-20s, then ERC-721s, then ERC-1155s
 * (ETH goes after all of them, see `ethToMove`, as it pays their gas). A holding of nothing is left out.
 */
export function planTokenTransfers(from: Address, to: Address, holdings: Holding[]): TokenTransfer[] {
  return holdings
    .filter((holding) => holding.kind === 'erc721' || holding.amount > 0n)
    .sort((a, b) => ORDER[a.kind] - ORDER[b.kind])
    .map((holding) => ({
      holding,
      to: holding.token,
      data: transferData(from, to, holding),
      gas: GAS[holding.kind],
    }))
}

function transferData(from: Address, to: Address, holding: Holding): Hex {
  switch (holding.kind) {
    case 'erc20':
      return encodeFunctionData({ abi, functionName: 'transfer', args: [to, holding.amount] })
    case 'erc721':
      return encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [from, to, holding.tokenId] })
    case 'erc1155':
      return encodeFunctionData({
        abi,
        functionName: 'safeTransferFrom',
        args: [from, to, holding.tokenId, holding.amount, '0x'],
      })
  }
}

/** The most the whole move can cost at `maxFeePerGas`: every token transfer and the ETH one. */
export function feeReserve(transfers: TokenTransfer[], maxFeePerGas: bigint): bigint {
  const gas = transfers.reduce((sum, transfer) => sum + transfer.gas, ETH_TRANSFER_GAS)
  return gas * maxFeePerGas
}

/** The ETH the last transfer sends: the balance left, minus that transfer's own fee; 0 when it would not pay. */
export function ethToMove(balance: bigint, maxFeePerGas: bigint): bigint {
  const left = balance - ETH_TRANSFER_GAS * maxFeePerGas
  return left > 0n ? left : 0n
}
