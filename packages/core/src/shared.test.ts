import { describe, expect, it } from 'vitest'
import * as entry from './shared.ts'

// The runtime names the services share with the page. Listed so that what the server depends on in
// core grows only on purpose.
describe('@portico/core/shared exports', () => {
  it('are exactly the shared names', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'ANALYTICS_FIELD_LIMITS',
      'APPROVAL_RPC_METHODS',
      'Alerts',
      'AnalyticsEventName',
      'EMAIL_LOGIN_COOLDOWN_MS',
      'ErrorText',
      'JsonRpcErrorCode',
      'NAME_MAX_LENGTH',
      'NameRuleText',
      'ProviderErrorCode',
      'SAFE_RPC_METHODS',
      'SWAP_POPULAR_TOKENS',
      'SWAP_SLIPPAGE_PERCENT',
      'SWAP_SUGGESTED_TOKENS',
      'ServerErrorText',
      'SiweMessageError',
      'WALLET_LIST',
      'buildSiweMessage',
      'checkSiweFields',
      'classifyRpcMethod',
      'coinTypeOf',
      'isAppLink',
      'isHttpsLink',
      'isValidAddress',
      'isWalletImageUrl',
      'keyRotationProof',
      'keySetupProof',
      'matchesWallet',
      'messageDataOf',
      'nameLabelProblem',
      'parseCaipAddress',
      'parseCaipNetworkId',
      'parseSiweMessage',
      'passkeyResplitProof',
      'porticoAccountAbi',
      'porticoAccountFactoryAbi',
      'porticoPaymasterAbi',
      'replaySafeTypedData',
      'siwxSessionSchema',
      'supportsChains',
      'toEpochMs',
      'toPorticoSmartAccount',
      'tryAgainAfter',
      'verifySiweMessage',
    ])
  })
})
