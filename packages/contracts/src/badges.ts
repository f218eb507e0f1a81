import type { Account, Address, Chain, PublicClient, Transport, WalletClient } from 'viem'
import { demoBadgesAbi } from './abis.ts'
import { compileContracts } from './compile.ts'

/**
 * Deploys a DemoBadges owned (so minted) by `wallet`'s account and returns its address. Not part of
 * the demo deployment, whose seeded history the browser tests rely on; tests deploy it themselves.
 * `cacheDir` reuses a compile cache such as the demo deployment's data folder.
 */
export async function deployDemoBadges(
  wallet: WalletClient<Transport, Chain | undefined, Account>,
  publicClient: PublicClient,
  options: { name?: string; symbol?: string; cacheDir?: string } = {},
): Promise<Address> {
  const { DemoBadges: compiled } = await compileContracts({ cacheDir: options.cacheDir })
  if (!compiled) throw new Error('DemoBadges did not compile')
  const hash = await wallet.deployContract({
    abi: demoBadgesAbi,
    bytecode: compiled.bytecode,
    args: [options.name ?? 'Portico Badges', options.symbol ?? 'BADGE'],
    chain: wallet.chain,
  })
  const { contractAddress, status } = await publicClient.waitForTransactionReceipt({ hash })
  if (status !== 'success' || !contractAddress) throw new Error(`Deploying DemoBadges failed in ${hash}`)
  return contractAddress
}
