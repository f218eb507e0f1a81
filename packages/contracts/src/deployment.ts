import type { Address, Hash } from 'viem'
import type { TokenKey } from './demo.ts'

export type DemoTokenInfo = { address: Address; name: string; symbol: string; decimals: number }
type DemoCollectionInfo = { address: Address; name: string; symbol: string }
export type DemoDeployment = {
  chainId: number
  reused: boolean
  tokens: Record<TokenKey, DemoTokenInfo>
  nfts: { collection: DemoCollectionInfo; spam: DemoCollectionInfo }
  seededAccounts: Address[]
  /** The block of the first deployment, where an indexer should start. */
  firstBlock: number
}

// The block hash tells a resumed chain from a fresh one with the same id, where the same
// deployer nonces would put other contracts at the recorded addresses.
export type DeploymentRecord = Omit<DemoDeployment, 'chainId' | 'reused'> & { firstBlockHash: Hash }
