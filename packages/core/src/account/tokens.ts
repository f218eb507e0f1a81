/** Token list rules (behaviour §2, §5, §9): which balances show, their order and the portfolio total. */
import { formatUnits } from 'viem'
import { toCaipAddress } from '../caip.ts'
import type { Balance, WalletAsset } from './types.ts'

/** Zero-decimal tokens (points, badges) are not money; they never show (behaviour §5). */
export function visibleBalances(balances: readonly Balance[]): Balance[] {
  return balances.filter((balance) => Number(balance.quantity.decimals) > 0)
}

/**
 * The list Send picks from: the portfolio, with the chain's own coin added from the wallet's balance
 * on chain when the portfolio lacks it (the services did not answer), so the coin stays sendable.
 * Its value is unknown without the services' price: 0.
 */
export function withNativeCoin(
  balances: readonly Balance[],
  native: { value: bigint | undefined; name: string; symbol: string; decimals: number; chainId: string },
): Balance[] {
  if (native.value === undefined || balances.some((balance) => tokenContract(balance) === undefined))
    return [...balances]
  const coin: Balance = {
    name: native.name,
    symbol: native.symbol,
    chainId: native.chainId,
    address: undefined,
    value: 0,
    price: 0,
    quantity: { decimals: String(native.decimals), numeric: formatUnits(native.value, native.decimals) },
    iconUrl: '',
  }
  return [coin, ...balances]
}

/** Highest value first; equal values keep the services' order. */
export function sortByValue(balances: readonly Balance[]): Balance[] {
  return [...balances].sort((a, b) => finite(b.value) - finite(a.value))
}

export function totalValue(balances: readonly Balance[]): number {
  return balances.reduce((sum, balance) => sum + finite(balance.value), 0)
}

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0
}

/** The plain 0x address of a balance's CAIP-10 id; undefined for the native token. */
export function tokenContract(balance: Balance): `0x${string}` | undefined {
  const address = balance.address?.split(':').at(-1)
  return address && /^0x[0-9a-fA-F]{40}$/.test(address) ? (address as `0x${string}`) : undefined
}

/** `wallet_getAssets` entries as the balances the services would answer for the same account. */
export function walletAssetsToBalances(
  assets: readonly WalletAsset[],
  { chainId }: { chainId: number },
): Balance[] {
  return assets.flatMap((asset) => {
    const { metadata } = asset
    let quantity: bigint
    try {
      quantity = BigInt(asset.balance)
    } catch {
      return []
    }
    const numeric = formatUnits(quantity, metadata.decimals)
    const price = metadata.price ?? 0
    return [
      {
        name: metadata.name,
        symbol: metadata.symbol,
        chainId: `eip155:${chainId}`,
        address: asset.type === 'NATIVE' ? undefined : toCaipAddress('eip155', chainId, asset.address),
        value: metadata.value ?? Number(numeric) * price,
        price,
        quantity: { decimals: String(metadata.decimals), numeric },
        iconUrl: metadata.iconUrl ?? '',
      },
    ]
  })
}
