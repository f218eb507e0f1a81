/**
 * Asset discovery through the wallet itself (behaviour §7, EIP-5792 capabilities + ERC-7811): ask
 * `wallet_getCapabilities` whether assetDiscovery is supported on this chain (keyed by hex chain
 * id), then `wallet_getAssets`. Any "no" or failure answers undefined: the caller uses the
 * services' balance route instead.
 */
import { numberToHex } from 'viem'
import { walletAssetsToBalances } from './tokens.ts'
import type { Balance, WalletAsset } from './types.ts'

export interface RequestProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

type Capabilities = Record<string, { assetDiscovery?: { supported?: boolean } } | undefined>

export async function fetchWalletAssets({
  provider,
  address,
  chainId,
}: {
  provider: RequestProvider | undefined
  address: string
  chainId: number
}): Promise<Balance[] | undefined> {
  if (!provider) return undefined
  const hexChainId = numberToHex(chainId)
  try {
    const capabilities = (await provider.request({
      method: 'wallet_getCapabilities',
      params: [address],
    })) as Capabilities | undefined
    if (capabilities?.[hexChainId]?.assetDiscovery?.supported !== true) return undefined
    const assets = (await provider.request({
      method: 'wallet_getAssets',
      params: [{ account: address, chainFilter: [hexChainId] }],
    })) as Record<string, WalletAsset[] | undefined> | undefined
    const list = assets?.[hexChainId]
    return Array.isArray(list) ? walletAssetsToBalances(list, { chainId }) : undefined
  } catch {
    return undefined
  }
}
