import { join } from 'node:path'
import {
  type Account,
  type Address,
  type Chain,
  getAddress,
  isAddressEqual,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { porticoNameResolverAbi } from './abis.ts'
import { compileContracts } from './compile.ts'
import { deployerClients } from './deployer-clients.ts'
import { readRecords, writeRecords } from './record-file.ts'

export type NameResolverDeployment = {
  chainId: number
  address: Address
  /** `deployed` a new resolver, `updated` the recorded one's gateway, or `reused` it as it was. */
  status: 'deployed' | 'updated' | 'reused'
}

type Wallet = WalletClient<Transport, Chain | undefined, Account>

/**
 * Deploys a PorticoNameResolver owned by `wallet`'s account that sends ENS clients to `urls` and
 * takes answers signed by `signer`. `cacheDir` reuses a compile cache such as the stack's data folder.
 */
export async function deployNameResolver(
  wallet: Wallet,
  publicClient: PublicClient,
  options: { urls: string[]; signer: Address; cacheDir?: string },
): Promise<Address> {
  const { PorticoNameResolver: compiled } = await compileContracts({ cacheDir: options.cacheDir })
  if (!compiled) throw new Error('PorticoNameResolver did not compile')
  const hash = await wallet.deployContract({
    abi: porticoNameResolverAbi,
    bytecode: compiled.bytecode,
    args: [options.urls, options.signer],
    chain: wallet.chain,
  })
  const { contractAddress, status } = await publicClient.waitForTransactionReceipt({ hash })
  if (status !== 'success' || !contractAddress)
    throw new Error(`Deploying PorticoNameResolver failed in ${hash}`)
  return getAddress(contractAddress)
}

/**
 * Makes sure the chain at `rpcUrl` has a PorticoNameResolver, owned by the demo deployer, pointing at
 * `gatewayUrl` and trusting `signer`. Its address is kept per chain id in `dataDir/name-resolvers.json`;
 * the recorded resolver is reused while it is still there, and its owner re-points it when the
 * services' URL or key changed, so a restart sends at most one transaction.
 */
export async function ensureNameResolver(options: {
  rpcUrl: string
  dataDir: string
  gatewayUrl: string
  signer: Address
  log?: (line: string) => void
}): Promise<NameResolverDeployment> {
  const { chainId, client, wallet } = await deployerClients(options.rpcUrl)
  const recordsPath = join(options.dataDir, 'name-resolvers.json')
  const records = await readRecords<{ address: Address }>(recordsPath)
  const recorded = records[String(chainId)]?.address
  const urls = [options.gatewayUrl]

  const current = recorded ? await readGateway(client, recorded) : undefined
  if (recorded && current && isAddressEqual(current.owner, wallet.account.address)) {
    if (isAddressEqual(current.signer, options.signer) && sameList(current.urls, urls)) {
      options.log?.(`Name resolver on chain ${chainId} is in place; reusing it`)
      return { chainId, address: recorded, status: 'reused' }
    }
    const hash = await wallet.writeContract({
      address: recorded,
      abi: porticoNameResolverAbi,
      functionName: 'setGateway',
      args: [urls, options.signer],
    })
    const { status } = await client.waitForTransactionReceipt({ hash })
    if (status !== 'success') throw new Error(`Updating the name resolver's gateway failed in ${hash}`)
    options.log?.(`Name resolver on chain ${chainId} now points at ${options.gatewayUrl}`)
    return { chainId, address: recorded, status: 'updated' }
  }

  const address = await deployNameResolver(wallet, client, {
    urls,
    signer: options.signer,
    cacheDir: options.dataDir,
  })
  await writeRecords(recordsPath, { ...records, [chainId]: { address } })
  options.log?.(`Name resolver deployed on chain ${chainId} at ${address}`)
  return { chainId, address, status: 'deployed' }
}

/**
 * The gateway settings of the resolver at `address`, or undefined when something else is there
 * (a chain started afresh may hold another contract, or none, at a recorded address).
 */
async function readGateway(client: PublicClient, address: Address) {
  const code = await client.getCode({ address })
  if (!code || code === '0x') return undefined
  const read = <const F extends 'owner' | 'signer' | 'urls'>(functionName: F) =>
    client.readContract({ address, abi: porticoNameResolverAbi, functionName })
  try {
    const [owner, signer, urls] = await Promise.all([read('owner'), read('signer'), read('urls')])
    return { owner, signer, urls }
  } catch {
    return undefined
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index])
