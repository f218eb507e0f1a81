import { describe, expect, it } from 'vitest'
import { usesOwnRelay } from './RelayNote.tsx'

describe('which relay the page pairs over', () => {
  it('is its own for the services’ relay, WalletConnect’s for the public one', () => {
    expect(usesOwnRelay('wss://services.example/v1/wc-relay')).toBe(true)
    expect(usesOwnRelay('ws://localhost:3001/v1/wc-relay')).toBe(true)
    expect(usesOwnRelay('wss://relay.walletconnect.com')).toBe(false)
    expect(usesOwnRelay('wss://relay.walletconnect.org')).toBe(false)
    // A look-alike host is not WalletConnect's.
    expect(usesOwnRelay('wss://relay.walletconnect.com.evil.example')).toBe(true)
  })
})
