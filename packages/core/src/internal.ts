// `@portico/core/internal`: the stores, rules and texts `@portico/react` and `@portico/embedded` are
// built from. Not for dapps: these names change with the modal. internal.test.ts lists the runtime
// names.

export {
  type ApprovalShown,
  activityRow,
  counterpartyOf,
  monthGroups,
  nativeHistoryNotice,
} from './account/activity.ts'
export { readApproval } from './account/approval.ts'
export type { ServicesClient } from './account/http-client.ts'
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
export { safeIcon, type WalletConnectorInfo } from './connectors.ts'
export {
  ANIMATION_MS,
  BALANCE_DISPLAY_DECIMALS,
  DEBOUNCE_MS,
  FRAME,
  FRAME_PLACE,
  MODAL_DEFAULTS,
} from './constants.ts'
export {
  AUTH_CONNECTOR_TYPE,
  type EmbeddedAuthApi,
  type EmbeddedHost,
  type PopupSocialProvider,
} from './embedded/types.ts'
export { type Alert, errorMessage, secondsText } from './errors.ts'
export type { InstalledWallet } from './explorer/installed.ts'
export { createWalletPager, type WalletPager, type WalletPagerState } from './explorer/pager.ts'
export { opensOnPhone, phoneWallets } from './explorer/phone-rows.ts'
export { connectRemotely, walletConnectConnector } from './explorer/remote.ts'
export { type ExplorerRows, explorerRows } from './explorer/rows.ts'
export { type GetWalletLink, getWalletLinks } from './explorer/wallet.ts'
export { formatFee, formatFiat, formatQuotedAmount, formatUnitsFloor, monogram } from './format.ts'
export { nameOf } from './names/identities.ts'
export { createNameForm, type NameForm, type NameFormState } from './names/name-form.ts'
export type { NameCheck, NameRegistration } from './names/registration.ts'
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
export type { ResolvedOptions } from './options.ts'
export {
  type ConnectorGroup,
  orderConnectMethods,
  orderConnectorGroups,
  orderWalletFeatures,
  type WalletFeature,
} from './orders.ts'
export type { PaymentSnapshot } from './pay/controller.ts'
export type { PayRequest } from './pay/request.ts'
export { paymentToken, readPaymentBalance } from './pay/token.ts'
export { readableError } from './readable-error.ts'
export { StorageKey, safeLocalStorage } from './storage.ts'
export type { Store } from './store.ts'
export type { RouterData, View } from './stores/router.ts'
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
export { isValidEmail } from './validators.ts'
export {
  type WalletConnectErrorCode,
  WalletConnectText,
  walletConnectErrorCode,
} from './walletconnect/errors.ts'
export { countdownText, isPairingExpired, usableFor } from './walletconnect/pairing.ts'
