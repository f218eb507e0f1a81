// `@portico/core/shared`: the rules the page and the services must agree on (error codes and texts,
// CAIP ids, name rules, sign-in messages, key proofs, RPC policy, the wallet list's shape, the smart
// account), loadable in Node without wagmi or the DOM. shared.test.ts lists the runtime names.

export type { Balance, GasPrice, Nft, NftsPage, TransactionsPage } from './account/types.ts'
export { AnalyticsEventName } from './analytics/names.ts'
export { type ParsedCaipAddress, parseCaipAddress, parseCaipNetworkId } from './caip.ts'
export {
  ANALYTICS_FIELD_LIMITS,
  EMAIL_LOGIN_COOLDOWN_MS,
  SWAP_POPULAR_TOKENS,
  SWAP_SLIPPAGE_PERCENT,
  SWAP_SUGGESTED_TOKENS,
  WALLET_LIST,
} from './constants.ts'
export {
  type KeyRotation,
  keyRotationProof,
  keySetupProof,
  passkeyResplitProof,
} from './embedded/key-proofs.ts'
export {
  Alerts,
  ErrorText,
  JsonRpcErrorCode,
  ProviderErrorCode,
  ServerErrorText,
  tryAgainAfter,
} from './errors.ts'
export {
  type ExplorerWallet,
  isAppLink,
  isHttpsLink,
  isWalletImageUrl,
  supportsChains,
  type WalletListAnswer,
} from './explorer/wallet.ts'
export { coinTypeOf, NAME_MAX_LENGTH, NameRuleText, nameLabelProblem } from './names/rules.ts'
export { APPROVAL_RPC_METHODS, classifyRpcMethod, SAFE_RPC_METHODS } from './rpc-policy.ts'
export { toEpochMs } from './siwx/datetime.ts'
export { buildSiweMessage, parseSiweMessage, type SiweFields, SiweMessageError } from './siwx/message.ts'
export { messageDataOf, siwxSessionSchema } from './siwx/session.ts'
export { checkSiweFields, type SiweFieldFailure, verifySiweMessage } from './siwx/verify.ts'
export { porticoAccountAbi, porticoAccountFactoryAbi, porticoPaymasterAbi } from './smart-account/abis.ts'
export {
  type PorticoSmartAccount,
  type PorticoSmartAccountOptions,
  replaySafeTypedData,
  toPorticoSmartAccount,
} from './smart-account/account.ts'
export { isValidAddress } from './validators.ts'
export { matchesWallet } from './wallets.ts'
