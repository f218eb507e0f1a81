import type { Config } from '@wagmi/core'
import { ErrorText, PorticoError } from '../errors.ts'
import type { PorticoMetadata } from '../options.ts'
import { createStore, type Store } from '../store.ts'
import {
  IDLE_PAIRING,
  type PairingState,
  WALLET_CONNECT_CONNECTOR_TYPE,
  type WalletConnectApi,
} from './types.ts'

/** `portico.walletConnect`: what the Connect and QR views need, when the dapp's wagmi config has the connector. */
export interface WalletConnectController {
  isAvailable(): boolean
  /** The URI on show and its expiry; idle without the connector. */
  pairing: Store<PairingState>
  /**
   * Connects through the connector; a failure carries a `WalletConnectError` (errors.ts) as its cause.
   * A call while a connect is pending joins it: on a phone the Connect view starts the pairing and
   * the view a tap leads to waits on the same URI the tap opened the wallet with. `chosen: false`
   * (that phone's pairing, made before any pick) is not reported as the visitor's choice.
   */
  connect(options?: { chosen?: boolean }): Promise<void>
  /** The visitor left the QR view: the pending connect ends. */
  cancel(): void
}

type WalletConnectConnector = Config['connectors'][number] & WalletConnectApi

export function createWalletConnectController(parameters: {
  wagmiConfig: Config
  settings: { relayUrl: string; projectId: string; metadata: PorticoMetadata | undefined }
  connect(connectorId: string, options: { chosen: boolean }): Promise<void>
}): WalletConnectController {
  const connector = parameters.wagmiConfig.connectors.find(
    (candidate) => candidate.type === WALLET_CONNECT_CONNECTOR_TYPE,
  ) as WalletConnectConnector | undefined
  const { relayUrl, projectId, metadata } = parameters.settings
  connector?.configure({ relayUrl, projectId, ...(metadata ? { metadata } : {}) })
  let pending: Promise<void> | undefined
  return {
    isAvailable: () => connector !== undefined,
    pairing: connector?.pairing ?? createStore(IDLE_PAIRING),
    async connect({ chosen = true } = {}) {
      if (!connector) throw new PorticoError(ErrorText.WALLETCONNECT_CONNECTOR_NOT_FOUND)
      pending ??= parameters.connect(connector.id, { chosen }).finally(() => {
        pending = undefined
      })
      await pending
    },
    cancel: () => connector?.cancelPairing(),
  }
}
