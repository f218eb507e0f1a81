/** A wagmi config with wallets the test controls, for the unit tests of what follows wagmi. */
import {
  type Config,
  type Connector,
  createConfig,
  createConnector,
  createStorage,
  custom,
  noopStorage,
} from '@wagmi/core'
import { type Address, UserRejectedRequestError } from 'viem'
import { foundry } from 'viem/chains'

export const alice: Address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
export const bob: Address = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'

export interface Wallet {
  accounts: Address[]
  refuse?: boolean
  authorized?: boolean
}

/** The chain answers eth_getBalance with `balance` wei and nothing else. */
export function testWagmiConfig(wallets: Record<string, Wallet>, balance = 0n): Config {
  return createConfig({
    chains: [foundry],
    connectors: Object.entries(wallets).map(([id, wallet]) => testWallet(id, wallet)),
    multiInjectedProviderDiscovery: false,
    ssr: true,
    storage: createStorage({ storage: noopStorage }),
    transports: {
      [foundry.id]: custom({
        async request({ method }) {
          if (method === 'eth_chainId') return `0x${foundry.id.toString(16)}`
          if (method === 'eth_getBalance') return `0x${balance.toString(16)}`
          throw new Error(`unexpected ${method}`)
        },
      }),
    },
  })
}

function testWallet(id: string, wallet: Wallet) {
  return createConnector((config) => ({
    id,
    name: id,
    type: 'injected',
    async connect() {
      if (wallet.refuse) throw new UserRejectedRequestError(new Error('refused'))
      return { accounts: wallet.accounts, chainId: foundry.id } as never
    },
    async disconnect() {},
    async getAccounts() {
      return wallet.accounts
    },
    async getChainId() {
      return foundry.id
    },
    async getProvider() {
      return {}
    },
    async isAuthorized() {
      return wallet.authorized ?? false
    },
    onAccountsChanged(accounts) {
      config.emitter.emit('change', { accounts: accounts as Address[] })
    },
    onChainChanged() {},
    onDisconnect() {
      config.emitter.emit('disconnect')
    },
  }))
}

/** The wallet a test drives, by its connector id. */
export function walletOf(config: Config, id: string): Connector {
  const found = config.connectors.find((c) => c.id === id)
  if (!found) throw new Error(`no connector ${id}`)
  return found
}
