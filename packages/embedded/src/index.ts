export { EMBEDDED_CONNECTOR_ID, type EmbeddedWalletParameters, embeddedWallet } from './connector.ts'
