/**
 * The network fee a swap will cost, for its review: the services' gas estimate of the swap they
 * build, at their gas price. A token the router may not take yet cannot be estimated before the
 * approval is mined, so its fee is the gas an approval and a swap commonly take, said as "about".
 */
import { getGasPrice } from '../account/api.ts'
import type { ServicesClient } from '../account/http-client.ts'
import { buildSwapTransaction, getSwapAllowance } from './api.ts'
import { isNativeSwapToken, type SwapToken } from './swap.ts'

/** An ERC-20 approval, with room. */
const APPROVAL_GAS = 60_000n
/** A Uniswap V2 swap through two pools, with room: one pool takes less. */
const SWAP_GAS = 200_000n

export interface SwapFee {
  wei: bigint
  /** An estimate of an approval and the swap, not the node's estimate of this swap. */
  approximate: boolean
}

export async function swapNetworkFee(
  services: ServicesClient,
  request: {
    address: string
    from: SwapToken
    to: SwapToken
    units: bigint
    slippage: number
    chainId: string
  },
): Promise<SwapFee> {
  const { address, from, to, units, slippage, chainId } = request
  if (!isNativeSwapToken(from)) {
    const allowance = await getSwapAllowance(services, { tokenAddress: from.address, userAddress: address })
    if (allowance < units) {
      const price = await getGasPrice(services, { chainId })
      return { wei: BigInt(price.standard) * (APPROVAL_GAS + SWAP_GAS), approximate: true }
    }
  }
  const tx = await buildSwapTransaction(services, {
    amount: units,
    from: from.address,
    to: to.address,
    userAddress: address,
    slippage,
  })
  const gas = BigInt(tx.eip155?.gas ?? 0)
  const gasPrice = BigInt(tx.eip155?.gasPrice ?? 0)
  return { wei: gas * gasPrice, approximate: false }
}
