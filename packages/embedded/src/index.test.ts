import { describe, expect, it } from 'vitest'
import * as entry from './index.ts'

// The runtime names of `@portico/embedded`: what a dapp adds to its wagmi config for e-mail login.
describe('@portico/embedded exports', () => {
  it('are exactly the public names', () => {
    expect(Object.keys(entry).sort()).toEqual(['embeddedWallet'])
  })
})
