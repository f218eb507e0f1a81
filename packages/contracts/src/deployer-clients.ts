import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_ACCOUNTS } from './accounts.ts'
import { chainIdAt } from './chain-id.ts'
import { DEMO_DEPLOYER_INDEX } from './demo.ts'

export interface DeployerClients {
  chainId: number
  client: PublicClient
  /** The demo deployer's wallet, the owner of what the ensure* functions deploy. */
  wallet: WalletClient<Transport, Chain, Account>
}

/**
 * The clients the ensure* functions deploy with on the chain at `rpcUrl`. With `anvilOnly`, any
 * node but a local anvil is refused, saying why (`anvilOnly` is the reason, e.g. a licence note).
 */
export async function deployerClients(rpcUrl: string, anvilOnly?: string): Promise<DeployerClients> {
  const chainId = await chainIdAt(rpcUrl, 3_000)
  if (chainId === undefined) throw new Error(`No chain answers at ${rpcUrl}`)
  const chain = defineChain({
    id: chainId,
    name: 'Portico demo chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const transport = http(rpcUrl)
  const client = createPublicClient({ chain, transport, pollingInterval: 20 }) as PublicClient
  if (anvilOnly) {
    const node = await client.request({ method: 'web3_clientVersion' })
    if (!node.startsWith('anvil/')) throw new Error(`${anvilOnly}; ${rpcUrl} is ${node}`)
  }
  const wallet = createWalletClient({
    account: privateKeyToAccount(DEV_ACCOUNTS[DEMO_DEPLOYER_INDEX].privateKey),
    chain,
    transport,
  })
  return { chainId, client, wallet }
}
