// The public surface of `@portico/core`: what a dapp needs to create Portico, and what the other
// packages (react, embedded, server) import. Everything else is internal; index.test.ts lists the
// runtime names so any change here shows in review.

export type { AccountData } from './account/account-data.ts'
export { activityRow, counterpartyOf, monthGroups } from './account/activity.ts'
export type { ServicesClient } from './account/http-client.ts'
export type { BalanceSnapshot } from './account/native-balance.ts'
export {
  canSend,
  createSendStore,
  isNativeToken,
  maxNativeAmount,
  type SendFeeQuote,
  type SendProblems,
  type SendState,
  type SendStore,
  SendText,
  type SentTransfer,
  sendProblems,
  toUnits,
} from './account/send.ts'
export { quoteSendFee, submitSend } from './account/send-actions.ts'
export { sortByValue, totalValue, visibleBalances, withNativeCoin } from './account/tokens.ts'
export type { Balance, Nft, Transaction } from './account/types.ts'
export { createPortico } from './client.ts'
export { safeIcon, type WalletConnectorInfo } from './connectors.ts'
export {
  ANIMATION_MS,
  BALANCE_DISPLAY_DECIMALS,
  DEBOUNCE_MS,
  EMAIL_LOGIN_COOLDOWN_MS,
  FRAME,
  FRAME_PLACE,
  MODAL_DEFAULTS,
  WALLET_LIST,
} from './constants.ts'
export {
  AUTH_CONNECTOR_TYPE,
  type EmbeddedAccountType,
  type EmbeddedAuthApi,
  type EmbeddedController,
  EmbeddedError,
  type EmbeddedErrorCode,
  type EmbeddedHost,
  type EmbeddedUser,
  type PopupSocialProvider,
} from './embedded/index.ts'
export {
  type Alert,
  Alerts,
  type ErrorCategory,
  ErrorText,
  errorMessage,
  isUserRejection,
  PorticoError,
  ProviderErrorCode,
  secondsText,
  tryAgainAfter,
} from './errors.ts'
export type { ExplorerListState, PorticoExplorer } from './explorer/explorer.ts'
export type { InstalledWallet } from './explorer/installed.ts'
export { createWalletPager, type WalletPager, type WalletPagerState } from './explorer/pager.ts'
export { connectRemotely, walletConnectConnector } from './explorer/remote.ts'
export { type ExplorerRows, explorerRows, opensOnPhone, phoneWallets } from './explorer/rows.ts'
export {
  type ExplorerWallet,
  type GetWalletLink,
  getWalletLinks,
} from './explorer/wallet.ts'
export {
  formatFee,
  formatFiat,
  formatQuotedAmount,
  formatTokenAmount,
  formatUnitsFloor,
  monogram,
  shortenAddress,
} from './format.ts'
export { type IdentitiesSnapshot, type Identity, nameOf } from './names/identities.ts'
export { createNameForm, type NameForm, type NameFormState } from './names/name-form.ts'
export type { PorticoNames } from './names/names.ts'
export type { NameCheck, NameRegistration } from './names/registration.ts'
export { NAME_MIN_LENGTH, NameRuleText, nameLabelProblem } from './names/rules.ts'
export type { CaipNetwork } from './network.ts'
export { getOnrampOffer, getOnrampQuotes } from './onramp/api.ts'
export { type CheckoutWindow, followPurchase, openCheckout } from './onramp/buy-actions.ts'
export { type BuyProgress, type BuyState, type BuyStore, createBuyStore } from './onramp/buy-store.ts'
export {
  buyAmountProblem,
  formatCents,
  METHOD_WORDS,
  type OnrampLimits,
  type OnrampOffer,
  type OnrampQuote,
  type PaymentMethod,
  trimAmount,
} from './onramp/onramp.ts'
export { withPurchases } from './onramp/purchase-activity.ts'
export type {
  PorticoFeatures,
  PorticoMetadata,
  PorticoOptions,
  ResolvedOptions,
  ThemeVariables,
} from './options.ts'
export {
  type ConnectMethod,
  type ConnectorGroup,
  orderConnectMethods,
  orderConnectorGroups,
  orderWalletFeatures,
  type WalletFeature,
} from './orders.ts'
export type { CreatePorticoParameters, Portico } from './portico.ts'
export { ReadableErrorText, readableError } from './readable-error.ts'
export { APPROVAL_RPC_METHODS, classifyRpcMethod, SAFE_RPC_METHODS } from './rpc-policy.ts'
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
export { type KeyValueStorage, StorageKey, safeLocalStorage } from './storage.ts'
export type { Store } from './store.ts'
export type { AccountSnapshot } from './stores/account.ts'
export type { Modal } from './stores/modal.ts'
export type { Router, RouterData, View } from './stores/router.ts'
export type { ToastStore } from './stores/toast.ts'
export { getSwapQuote, type SwapQuote, swapTokensOf } from './swap/api.ts'
export {
  exchangeRate,
  isNativeSwapToken,
  minimumReceived,
  type SwapToken,
  searchSwapTokens,
  swapAmountUnits,
  swapBlocker,
  tokenAddressOf,
} from './swap/swap.ts'
export { submitSwap } from './swap/swap-actions.ts'
export { type SwapFee, swapNetworkFee } from './swap/swap-fee.ts'
export { createSwapStore, type SwapDone, type SwapState, type SwapStore } from './swap/swap-store.ts'
export { isValidEmail, type SocialProvider } from './validators.ts'
export { walletConnect } from './walletconnect/connector.ts'
export type { WalletConnectController } from './walletconnect/controller.ts'
export {
  isTelegramAndroid,
  type WalletLinks,
  type WalletNavigation,
  walletNavigation,
} from './walletconnect/deep-links.ts'
export {
  type WalletConnectErrorCode,
  WalletConnectText,
  walletConnectErrorCode,
} from './walletconnect/errors.ts'
export { countdownText, isPairingExpired, usableFor } from './walletconnect/pairing.ts'
export type { PairingState } from './walletconnect/types.ts'
export type { RecentWallet } from './wallets.ts'
