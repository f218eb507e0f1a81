/**
 * The WalletConnect connector's work once its chunk has loaded (`connector.ts` imports this module
 * dynamically, with `live.ts` and the SDK behind it): settings checked, session restored or paired,
 * the restore key kept in wagmi's own storage, the SDK's session events turned into wagmi's.
 */
import type { CreateConnectorFn } from '@wagmi/core'
import type { Store } from '../store.ts'
import { startLive } from './live.ts'
import { type PairingState, SESSION_KEY, type WalletConnectSettings } from './types.ts'

type ConnectorConfig = Parameters<CreateConnectorFn>[0]

export async function loadWalletConnect(parameters: {
  settings: Partial<WalletConnectSettings>
  config: ConnectorConfig
  pairing: Store<PairingState>
}) {
  const { config, pairing } = parameters
  const { relayUrl, projectId } = parameters.settings
  const metadata = parameters.settings.metadata ?? pageMetadata()
  if (!relayUrl || !projectId || !metadata)
    throw new Error('The WalletConnect connector is not configured (relayUrl, projectId)')
  const chain = config.chains[0]
  const { storage } = config
  const forget = async () => {
    await storage?.removeItem(SESSION_KEY)
  }
  const live = await startLive({
    settings: { relayUrl, projectId, metadata },
    chain,
    transport: config.transports?.[chain.id],
    pairing,
    events: {
      accountsChanged: (accounts) => config.emitter.emit('change', { accounts }),
      chainChanged: (chainId) => config.emitter.emit('change', { chainId }),
      disconnected: () => {
        void forget()
        config.emitter.emit('disconnect')
      },
    },
  })
  const storedTopic = async () => {
    const topic = await storage?.getItem(SESSION_KEY)
    return typeof topic === 'string' ? topic : undefined
  }
  return {
    request: live.request,
    accounts: live.accounts,
    cancel: live.cancel,
    async connect(isReconnecting: boolean) {
      const topic = isReconnecting ? await storedTopic() : undefined
      const restored = topic ? live.restore(topic) : undefined
      if (isReconnecting && !restored) throw new Error('No WalletConnect session to restore')
      const current = restored ?? (await live.pair())
      await storage?.setItem(SESSION_KEY, current.topic)
      return { accounts: live.accounts(), chainId: chain.id }
    },
    async disconnect() {
      await forget()
      await live.disconnect()
    },
    /** The stored session is still held by the SDK; a stale key is dropped. */
    async isAuthorized() {
      const topic = await storedTopic()
      if (topic && live.restore(topic)) return true
      await forget()
      return false
    },
  }
}

/** Without `metadata` the wallet is told the page's own title and origin (read in the browser only). */
function pageMetadata(): WalletConnectSettings['metadata'] | undefined {
  if (typeof document === 'undefined') return undefined
  return { name: document.title || location.host, description: '', url: location.origin, icons: [] }
}
