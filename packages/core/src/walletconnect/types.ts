import type { Store } from '../store.ts'

/**
 * The contract between the modal and the WalletConnect connector (connector type `walletConnect`).
 * Core's connector module is small; the SDK behind it loads on the first pick or restore.
 */
export const WALLET_CONNECT_CONNECTOR_TYPE = 'walletConnect'

/** wagmi's storage key (the dapp's own storage, e.g. its cookie) of the session topic to restore. */
export const SESSION_KEY = 'walletConnect.session'

export interface WalletConnectSettings {
  /** `wss://…` of the relay; the services' own (`/v1/wc-relay`) by default. */
  relayUrl: string
  /** The relay's project id: a Portico project for the services' relay, a WalletConnect one for the public relay. */
  projectId: string
  /** What the wallet shows about the dapp. */
  metadata: { name: string; description: string; url: string; icons: string[] }
}

/** What the QR view shows: the URI to scan and when it stops being offered. */
export interface PairingState {
  status: 'idle' | 'loading' | 'ready'
  uri: string | undefined
  /** Milliseconds since the epoch: the 4-minute end of behaviour §4. */
  expiresAt: number | undefined
}

export const IDLE_PAIRING: PairingState = { status: 'idle', uri: undefined, expiresAt: undefined }

/** What the connector adds to wagmi's connector, for Portico to configure it and the QR view to follow it. */
export type WalletConnectApi = {
  pairing: Store<PairingState>
  /** Fills in what the connector was not given: Portico's options resolve the defaults. */
  configure(settings: Partial<WalletConnectSettings>): void
  /** Ends a pending connect (the visitor left the QR view): it rejects with CANCELLED. */
  cancelPairing(): void
}
