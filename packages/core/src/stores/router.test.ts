import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_VIEWS, createRouter, VIEWS, type View } from './router.ts'

describe('router', () => {
  it('starts on Connect with nothing to go back to', () => {
    const { store } = createRouter()
    expect(store.getState()).toEqual({
      view: 'Connect',
      history: ['Connect'],
      data: undefined,
      direction: 'none',
      transitionId: 0,
    })
  })

  it('lists every view of the spec once', () => {
    expect(VIEWS).toHaveLength(13)
    expect(new Set(VIEWS).size).toBe(13)
    expect(VIEWS).toContain('SIWXSignMessage')
    expect(VIEWS).toContain('ApproveTransaction')
  })

  it('has the account panels Send, Receive, Swap and Buy as views of their own, outside the spec list', () => {
    expect(ACCOUNT_VIEWS).toEqual([
      'WalletSend',
      'WalletReceive',
      'WalletSwap',
      'OnRampProviders',
      'BuyInProgress',
    ])
    const router = createRouter('Account')
    router.push('WalletSend')
    expect(router.store.getState()).toMatchObject({ view: 'WalletSend', history: ['Account', 'WalletSend'] })
    expect(router.goBack()).toBe(true)
    expect(router.store.getState().view).toBe('Account')
  })

  it('goes forward with data and back to the previous view with its own data', () => {
    const router = createRouter()
    router.push('AllWallets')
    router.push('ConnectingExternal', { connectorId: 'io.metamask', wallet: { name: 'MetaMask' } })
    expect(router.store.getState()).toMatchObject({
      view: 'ConnectingExternal',
      history: ['Connect', 'AllWallets', 'ConnectingExternal'],
      data: { wallet: { name: 'MetaMask' } },
      direction: 'forward',
    })
    expect(router.goBack()).toBe(true)
    expect(router.store.getState()).toMatchObject({ view: 'AllWallets', data: undefined, direction: 'back' })
  })

  it('restores the data of the view it returns to', () => {
    const router = createRouter()
    router.push('ConnectingExternal', { connectorId: 'a' })
    router.push('ConnectingSiwe')
    router.goBack()
    expect(router.store.getState().data).toEqual({ connectorId: 'a' })
  })

  it('stays put when going back from the first view', () => {
    const router = createRouter('Account')
    const before = router.store.getState()
    expect(router.goBack()).toBe(false)
    expect(router.store.getState()).toBe(before)
  })

  it('does not stack a view pushed twice in a row', () => {
    const router = createRouter()
    router.push('AllWallets')
    router.push('AllWallets')
    expect(router.store.getState().history).toEqual(['Connect', 'AllWallets'])
  })

  it('replaces the current view without growing the history', () => {
    const router = createRouter('Account')
    router.push('AllWallets')
    router.replace('UnsupportedChain')
    expect(router.store.getState()).toMatchObject({
      view: 'UnsupportedChain',
      history: ['Account', 'UnsupportedChain'],
    })
    router.goBack()
    expect(router.store.getState().view).toBe('Account')
  })

  it('resets to a single view, so back has nowhere to go', () => {
    const router = createRouter()
    router.push('AllWallets')
    router.reset('Account')
    expect(router.store.getState()).toMatchObject({
      view: 'Account',
      history: ['Account'],
      direction: 'none',
    })
    expect(router.goBack()).toBe(false)
  })

  it('moves the transition id on every navigation and keeps view and history in step', () => {
    const view = fc.constantFrom<View>(...VIEWS)
    const step = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), view }),
      fc.record({ kind: fc.constant('replace' as const), view }),
      fc.record({ kind: fc.constant('reset' as const), view }),
      fc.record({ kind: fc.constant('back' as const) }),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const router = createRouter()
        for (const s of steps) {
          const before = router.store.getState()
          let moved = true
          if (s.kind === 'back') moved = router.goBack()
          else router[s.kind](s.view)
          const after = router.store.getState()
          if (moved && after.view !== before.view) expect(after.transitionId).toBe(before.transitionId + 1)
          expect(after.history.at(-1)).toBe(after.view)
          expect(after.history.length).toBeGreaterThanOrEqual(1)
        }
      }),
    )
  })
})
