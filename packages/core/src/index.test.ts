import { describe, expect, it } from 'vitest'
import * as entry from './index.ts'

// The runtime names adopters import from `@portico/core`. A name added or removed here is a change to
// what a dapp can rely on, so it must show in review.
describe('@portico/core exports', () => {
  it('are exactly the public names', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'EmbeddedError',
      'PorticoError',
      'createPageSiwx',
      'createPortico',
      'formatTokenAmount',
      'isTelegramAndroid',
      'isUserRejection',
      'servicesTransport',
      'shortenAddress',
      'siwxSessionSchema',
      'siwxSignedMessageSchema',
      'walletConnect',
      'walletNavigation',
    ])
  })
})
