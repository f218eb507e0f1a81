export { type EmbeddedWalletParameters, embeddedWallet } from './connector.ts'
