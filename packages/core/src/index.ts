// The public entry of `@portico/core`: what a dapp imports to create Portico, sign in with a wallet
// and read the chain through the services. The other packages reach in through `./internal` (react
// and embedded) and `./shared` (also the services); index.test.ts lists the runtime names here so a
// change to what adopters can rely on shows in review.

export type { AccountData } from './account/account-data.ts'
export type { BalanceSnapshot } from './account/native-balance.ts'
export type { Balance, Nft, Transaction } from './account/types.ts'
export { createPortico } from './client.ts'
export type { EmbeddedController } from './embedded/controller.ts'
export { EmbeddedError, type EmbeddedErrorCode } from './embedded/errors.ts'
export type { EmbeddedAccountType, EmbeddedUser } from './embedded/types.ts'
export { type ErrorCategory, isUserRejection, PorticoError } from './errors.ts'
export type { ExplorerListState, PorticoExplorer } from './explorer/explorer.ts'
export { formatTokenAmount, shortenAddress } from './format.ts'
export type { IdentitiesSnapshot, Identity } from './names/identities.ts'
export type { PorticoNames } from './names/names.ts'
export type { CaipNetwork } from './network.ts'
export type { PorticoFeatures, PorticoMetadata, PorticoOptions, ThemeVariables } from './options.ts'
export type { ConnectMethod } from './orders.ts'
export type { PayOptions, PayResult } from './pay/request.ts'
export type { CreatePorticoParameters, Portico } from './portico.ts'
export type { ServicesSettings } from './services.ts'
export { type ServicesTransportParameters, servicesTransport } from './services-transport.ts'
export { createPageSiwx } from './siwx/config.ts'
export type { SiwxFlow } from './siwx/flow.ts'
export {
  type SIWXMessageData,
  type SIWXSession,
  siwxSessionSchema,
  siwxSignedMessageSchema,
} from './siwx/session.ts'
export type { PageSiwxOptions, SIWXConfig } from './siwx/types.ts'
export type { KeyValueStorage } from './storage.ts'
export type { AccountSnapshot } from './stores/account.ts'
export type { Modal } from './stores/modal.ts'
export type { Router } from './stores/router.ts'
export type { ToastStore } from './stores/toast.ts'
export type { SocialProvider } from './validators.ts'
export { walletConnect } from './walletconnect/connector.ts'
export type { WalletConnectController } from './walletconnect/controller.ts'
export {
  isTelegramAndroid,
  type WalletLinks,
  type WalletNavigation,
  walletNavigation,
} from './walletconnect/deep-links.ts'
export type { PairingState } from './walletconnect/types.ts'
export type { RecentWallet } from './wallets.ts'
