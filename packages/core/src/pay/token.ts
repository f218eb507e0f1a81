/**
 * The payment's token as the send flow takes it: a `Balance` whose quantity is what the connected
 * wallet holds on chain — read from the chain itself, so a payment works while the services are
 * away and never trusts an indexed figure.
 */
import { type Config, getBalance, readContract } from '@wagmi/core'
import { erc20Abi, formatUnits } from 'viem'
import type { Balance } from '../account/types.ts'
import type { PayRequest } from './request.ts'

export async function readPaymentBalance(
  wagmiConfig: Config,
  { chainId, request, owner }: { chainId: number; request: PayRequest; owner: `0x${string}` },
): Promise<bigint> {
  if (!request.contract) return (await getBalance(wagmiConfig, { chainId, address: owner })).value
  return readContract(wagmiConfig, {
    chainId,
    address: request.contract,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

export function paymentToken(request: PayRequest, held: bigint, caipNetworkId: string): Balance {
  return {
    name: request.name,
    symbol: request.symbol,
    chainId: caipNetworkId,
    address: request.contract ? `${caipNetworkId}:${request.contract}` : undefined,
    value: 0,
    price: 0,
    quantity: { decimals: String(request.decimals), numeric: formatUnits(held, request.decimals) },
    iconUrl: '',
  }
}
