import { randomBytes } from 'node:crypto'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import { type Hex, hexToString } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'

/**
 * The real WalletConnect clients the relay must serve: sign-client 2.21.8 as a dapp, walletkit
 * 1.2.10 as a wallet signing with a viem account. Each keeps its state in memory of its own (a
 * client's storage outlives its sockets, as a browser's or a phone's would).
 */

export const CHAIN = 'eip155:31337'
const METHODS = ['personal_sign']
const EVENTS = ['accountsChanged', 'chainChanged']
const metadata = (name: string) => ({
  name,
  description: `${name} in the relay tests`,
  url: 'http://127.0.0.1:3000',
  icons: [],
})

/** `IKeyValueStorage` in memory; values are copied in and out, as a real store serialises them. */
class MemoryStorage {
  private readonly entries = new Map<string, unknown>()
  async getKeys() {
    return [...this.entries.keys()]
  }
  async getEntries<T>() {
    return [...this.entries.entries()].map(([key, value]) => [key, structuredClone(value)]) as [string, T][]
  }
  async getItem<T>(key: string) {
    return structuredClone(this.entries.get(key)) as T | undefined
  }
  async setItem<T>(key: string, value: T) {
    this.entries.set(key, structuredClone(value))
  }
  async removeItem(key: string) {
    this.entries.delete(key)
  }
}

// Each client its own storage prefix: cores are shared process-wide by prefix.
const clientOptions = (relayUrl: string, projectId: string) => ({
  projectId,
  relayUrl,
  storage: new MemoryStorage(),
  customStoragePrefix: randomBytes(8).toString('hex'),
  telemetryEnabled: false,
  logger: 'fatal',
})

export type Dapp = Awaited<ReturnType<typeof SignClient.init>>

export const startDapp = (relayUrl: string, projectId: string): Promise<Dapp> =>
  SignClient.init({ ...clientOptions(relayUrl, projectId), metadata: metadata('Test dapp') })

export interface Wallet {
  kit: Awaited<ReturnType<typeof WalletKit.init>>
  /** personal_sign requests it answered. */
  signed: number
}

/** A wallet that approves every proposal for `account` on CHAIN and signs every personal_sign. */
export async function startWallet(
  relayUrl: string,
  projectId: string,
  account: PrivateKeyAccount,
): Promise<Wallet> {
  const core = new Core(clientOptions(relayUrl, projectId))
  const kit = await WalletKit.init({ core, metadata: metadata('Test wallet') })
  const wallet: Wallet = { kit, signed: 0 }
  kit.on('session_proposal', async ({ id, params }: WalletKitTypes.SessionProposal) => {
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains: [CHAIN],
          methods: METHODS,
          events: EVENTS,
          accounts: [`${CHAIN}:${account.address}`],
        },
      },
    })
    await kit.approveSession({ id, namespaces })
  })
  kit.on('session_request', async ({ id, topic, params }: WalletKitTypes.SessionRequest) => {
    const [message] = params.request.params as [Hex, string]
    const signature = await account.signMessage({ message: hexToString(message) })
    wallet.signed += 1
    await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } })
  })
  return wallet
}

/** The dapp proposes, the wallet pairs from the URI and approves: the session as each side holds it. */
export async function pair(
  dapp: Dapp,
  wallet: Wallet,
): Promise<{ dapp: SessionTypes.Struct; wallet: SessionTypes.Struct }> {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: { eip155: { chains: [CHAIN], methods: METHODS, events: EVENTS } },
  })
  if (!uri) throw new Error('sign-client gave no pairing URI')
  await wallet.kit.pair({ uri })
  const session = await approval()
  const onWallet = wallet.kit.getActiveSessions()[session.topic]
  if (!onWallet) throw new Error('the wallet holds no such session')
  return { dapp: session, wallet: onWallet }
}

/** Stops a client's socket and heartbeat, so the test process has nothing left running. */
export async function stopClient(client: Dapp | Wallet): Promise<void> {
  const core = 'kit' in client ? client.kit.core : client.core
  await core.relayer.transportClose().catch(() => {})
  core.heartbeat.stop()
}
