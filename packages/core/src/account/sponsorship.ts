import { type Config, getCapabilities } from '@wagmi/core'

/**
 * Whether the connected wallet says a paymaster pays `account`'s gas on `chainId` (EIP-5792
 * `wallet_getCapabilities`, `paymasterService`). The embedded wallet's frame answers it from the
 * services' own setting (`smartAccounts.sponsored`), so this is the one place the modal learns it.
 * A wallet that cannot answer sponsors nothing.
 */
export async function gasSponsored(wagmiConfig: Config, chainId: number, account: `0x${string}`) {
  try {
    const capabilities = await getCapabilities(wagmiConfig, { account, chainId })
    return capabilities?.paymasterService?.supported === true
  } catch {
    return false
  }
}
