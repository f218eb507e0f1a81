import { describe, expect, it } from 'vitest'
import * as entry from './index.ts'

// The runtime names of `@portico/react`: the provider, hooks and buttons a dapp renders. A name added
// or removed here changes what a dapp can rely on, so it must show in review.
describe('@portico/react exports', () => {
  it('are exactly the public names', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'ConnectButton',
      'EARLY_CLICK_SCRIPT',
      'NetworkButton',
      'PorticoProvider',
      'useAccount',
      'useAccountName',
      'useDisconnect',
      'useModal',
      'useNativeBalance',
      'useNetwork',
      'usePortico',
      'useSiwx',
    ])
  })
})
