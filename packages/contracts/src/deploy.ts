import { join } from 'node:path'
import {
  type Chain,
  createPublicClient,
  defineChain,
  type HttpTransport,
  http,
  type PublicClient,
} from 'viem'
import { chainIdAt } from './chain-id.ts'
import { compileContracts } from './compile.ts'
import type { DemoDeployment, DeploymentRecord } from './deployment.ts'
import { readRecords, writeRecords } from './record-file.ts'
import { deployAndSeed } from './seed.ts'

/**
 * Makes sure the demo tokens and collections exist on the chain at `rpcUrl`, seeded with balances
 * and ~14 months of history. Addresses are kept per chain id in `dataDir/deployments.json`; when the
 * recorded contracts are still there nothing is sent and `reused` is true.
 */
export async function ensureDemoDeployment(options: {
  rpcUrl: string
  dataDir: string
  log?: (line: string) => void
}): Promise<DemoDeployment> {
  const chainId = await chainIdAt(options.rpcUrl, 3_000)
  if (chainId === undefined)
    throw new Error(`No chain answers at ${options.rpcUrl} — start one or unset RPC_URL`)
  const chain = defineChain({
    id: chainId,
    name: 'Portico demo chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: http(options.rpcUrl), pollingInterval: 20 })
  const recordsPath = join(options.dataDir, 'deployments.json')
  const records = await readRecords<DeploymentRecord>(recordsPath)
  const recorded = records[String(chainId)]
  if (recorded && (await isStillDeployed(client, recorded))) {
    options.log?.(`Demo contracts on chain ${chainId} are in place; reusing them`)
    return toDeployment(chainId, true, recorded)
  }

  const started = Date.now()
  options.log?.(`Deploying and seeding the demo contracts on chain ${chainId}…`)
  const compiled = await compileContracts({ cacheDir: options.dataDir })
  const record = await deployAndSeed(client, compiled)
  await writeRecords(recordsPath, { ...records, [chainId]: record })
  options.log?.(`Demo contracts deployed and seeded in ${Date.now() - started} ms`)
  return toDeployment(chainId, false, record)
}

async function isStillDeployed(
  client: PublicClient<HttpTransport, Chain>,
  record: DeploymentRecord,
): Promise<boolean> {
  const addresses = [...Object.values(record.tokens), record.nfts.collection, record.nfts.spam].map(
    (contract) => contract.address,
  )
  const codes = await Promise.all(addresses.map((address) => client.getCode({ address })))
  if (codes.some((code) => code === undefined || code === '0x')) return false
  const block = await client.getBlock({ blockNumber: BigInt(record.firstBlock) }).catch(() => undefined)
  return block?.hash === record.firstBlockHash
}

function toDeployment(chainId: number, reused: boolean, record: DeploymentRecord): DemoDeployment {
  const { firstBlockHash: _, ...deployment } = record
  return { chainId, reused, ...deployment }
}
