import type { Account, Address, Chain, PublicClient, Transport, WalletClient } from 'viem'
import { demoTokenAbi } from './abis.ts'
import { compileContracts } from './compile.ts'
import type { DemoDeployment } from './deployment.ts'

/**
 * Deploys a DemoToken with whatever name and symbol it is given, minted by `wallet`'s account: a
 * stranger's token in tests (a "USDC" at another address, a name no indexer should trust).
 * `cacheDir` reuses a compile cache such as the demo deployment's data folder.
 */
export async function deployDemoToken(
  wallet: WalletClient<Transport, Chain | undefined, Account>,
  publicClient: PublicClient,
  token: { name: string; symbol: string; decimals: number },
  options: { cacheDir?: string } = {},
): Promise<Address> {
  const { DemoToken: compiled } = await compileContracts({ cacheDir: options.cacheDir })
  if (!compiled) throw new Error('DemoToken did not compile')
  const hash = await wallet.deployContract({
    abi: demoTokenAbi,
    bytecode: compiled.bytecode,
    args: [token.name, token.symbol, token.decimals],
    chain: wallet.chain,
  })
  const { contractAddress, status } = await publicClient.waitForTransactionReceipt({ hash })
  if (status !== 'success' || !contractAddress) throw new Error(`Deploying DemoToken failed in ${hash}`)
  return contractAddress
}

/**
 * The demo's ERC-20s as a token list (tokenlists.org format), the services' `PORTICO_TOKEN_LIST`:
 * the tokens the demo's operator vouches for, so they are priced and shown as verified.
 */
export function demoTokenList(deployment: DemoDeployment) {
  return {
    name: 'Portico demo tokens',
    timestamp: new Date(0).toISOString(),
    version: { major: 1, minor: 0, patch: 0 },
    tokens: Object.values(deployment.tokens).map(({ address, name, symbol, decimals }) => ({
      chainId: deployment.chainId,
      address,
      symbol,
      name,
      decimals,
    })),
  }
}
