import type { Portico } from '@portico/core'
import type { View } from '@portico/core/internal'
import { describe, expect, it, vi } from 'vitest'
import { finishConnect, releasePairing } from './pairing-lifetime.ts'

/** Just what the pairing's lifetime reads and calls: the modal, the router, the account, WalletConnect. */
function fakePortico(state: { open: boolean; view: View; unsupported?: boolean }) {
  const store = <T>(read: () => T) => ({ getState: read })
  const calls = { cancel: vi.fn(), close: vi.fn(), replace: vi.fn() }
  const portico = {
    modal: { store: store(() => ({ open: state.open })), close: calls.close },
    router: { store: store(() => ({ view: state.view })), replace: calls.replace },
    account: store(() => ({ isUnsupportedChain: state.unsupported ?? false })),
    walletConnect: { cancel: calls.cancel },
  } as unknown as Portico
  return { portico, calls }
}

describe('the pending WalletConnect connect when a view that waits on it leaves', () => {
  it('goes on into a view that waits on the same URI (the wallet may hold it from a tap)', () => {
    for (const view of ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'] as const) {
      const { portico, calls } = fakePortico({ open: true, view })
      releasePairing(portico, false)
      expect(calls.cancel).not.toHaveBeenCalled()
    }
  })

  it('goes on back into Connect on a phone only: a desktop Connect makes no pairing', () => {
    const phone = fakePortico({ open: true, view: 'Connect' })
    releasePairing(phone.portico, true)
    expect(phone.calls.cancel).not.toHaveBeenCalled()
    const desktop = fakePortico({ open: true, view: 'Connect' })
    releasePairing(desktop.portico, false)
    expect(desktop.calls.cancel).toHaveBeenCalledOnce()
  })

  it('ends when the modal closes or goes elsewhere (a browser wallet, e-mail, all wallets)', () => {
    const closed = fakePortico({ open: false, view: 'ConnectingWalletConnect' })
    releasePairing(closed.portico, true)
    expect(closed.calls.cancel).toHaveBeenCalledOnce()
    const elsewhere = fakePortico({ open: true, view: 'ConnectingExternal' })
    releasePairing(elsewhere.portico, true)
    expect(elsewhere.calls.cancel).toHaveBeenCalledOnce()
  })
})

describe('a WalletConnect connect that ended well', () => {
  it('closes the modal, or offers the switch once however many views waited on it', () => {
    const done = fakePortico({ open: true, view: 'ConnectingWalletConnect' })
    finishConnect(done.portico)
    expect(done.calls.close).toHaveBeenCalledWith({ force: true })

    const state = { open: true, view: 'ConnectingWalletConnect' as View, unsupported: true }
    const wrongChain = fakePortico(state)
    wrongChain.calls.replace.mockImplementation((view: View) => {
      state.view = view
    })
    finishConnect(wrongChain.portico)
    finishConnect(wrongChain.portico)
    expect(wrongChain.calls.replace).toHaveBeenCalledOnce()
    expect(wrongChain.calls.replace).toHaveBeenCalledWith('UnsupportedChain', { switchNow: true })
    expect(wrongChain.calls.close).not.toHaveBeenCalled()
  })

  it('does nothing once the modal is closed', () => {
    const closed = fakePortico({ open: false, view: 'Connect' })
    finishConnect(closed.portico)
    expect(closed.calls.close).not.toHaveBeenCalled()
  })
})
