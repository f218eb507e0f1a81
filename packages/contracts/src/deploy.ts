import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
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
  const records = await readRecords(recordsPath)
  const recorded = records[String(chainId)]
  if (recorded && (await isStillDeployed(client, recorded))) {
    options.log?.(`Demo contracts on chain ${chainId} are in place; reusing them`)
    return toDeployment(chainId, true, recorded)
  }

  const started = Date.now()
  options.log?.(`Deploying and seeding the demo contracts on chain ${chainId}…`)
  const compiled = await compileContracts({ cacheDir: options.dataDir })
  const record = await deployAndSeed(client, compiled)
  await mkdir(options.dataDir, { recursive: true })
  await writeAtomically(recordsPath, `${JSON.stringify({ ...records, [chainId]: record }, null, 2)}\n`)
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

async function readRecords(path: string): Promise<Record<string, DeploymentRecord>> {
  const text = await readFile(path, 'utf8').catch(() => undefined)
  if (!text) return {}
  try {
    return JSON.parse(text) as Record<string, DeploymentRecord>
  } catch {
    // A damaged file only costs a fresh deployment, which rewrites it.
    return {}
  }
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, text)
  await rename(tmp, path)
}

function toDeployment(chainId: number, reused: boolean, record: DeploymentRecord): DemoDeployment {
  const { firstBlockHash: _, ...deployment } = record
  return { chainId, reused, ...deployment }
}
