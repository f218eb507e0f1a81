import { describe, expect, it } from 'vitest'
import * as core from './index.ts'

// The public runtime surface of `@portico/core`. A name added or removed here is a change to what
// adopters and the other packages can rely on, so it must show in review.
describe('@portico/core exports', () => {
  it('are exactly the public names', () => {
    expect(Object.keys(core).sort()).toEqual([
      'ANIMATION_MS',
      'APPROVAL_RPC_METHODS',
      'AUTH_CONNECTOR_TYPE',
      'Alerts',
      'BALANCE_DISPLAY_DECIMALS',
      'DEBOUNCE_MS',
      'EmbeddedError',
      'ErrorText',
      'FRAME',
      'MODAL_DEFAULTS',
      'PorticoError',
      'ProviderErrorCode',
      'ReadableErrorText',
      'SAFE_RPC_METHODS',
      'SendText',
      'StorageKey',
      'activityRow',
      'classifyRpcMethod',
      'createPageSiwx',
      'createPortico',
      'createSendStore',
      'errorMessage',
      'estimateSendFee',
      'formatFee',
      'formatFiat',
      'formatTokenAmount',
      'formatUnitsFloor',
      'isUserRejection',
      'isValidEmail',
      'monogram',
      'monthGroups',
      'orderConnectMethods',
      'orderConnectorGroups',
      'orderWalletFeatures',
      'readableError',
      'safeLocalStorage',
      'shortenAddress',
      'siwxSessionSchema',
      'siwxSignedMessageSchema',
      'sortByValue',
      'submitSend',
      'toUnits',
      'totalValue',
      'validateSend',
      'visibleBalances',
    ])
  })
})
