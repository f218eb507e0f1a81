import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createModal } from './modal.ts'
import { createRouter } from './router.ts'

describe('modal', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function setup(connected = false, isCloseBlocked?: (view: string) => boolean) {
    const router = createRouter()
    const modal = createModal({ router, isConnected: () => connected, isCloseBlocked })
    return { router, modal }
  }

  it('opens on Connect for a visitor and on Account for a connected wallet', () => {
    const visitor = setup(false)
    visitor.modal.open()
    expect(visitor.modal.store.getState().open).toBe(true)
    expect(visitor.router.store.getState().view).toBe('Connect')

    const owner = setup(true)
    owner.router.push('AllWallets')
    owner.modal.open()
    expect(owner.router.store.getState()).toMatchObject({ view: 'Account', history: ['Account'] })
  })

  it('opens on the view asked for, with its data', () => {
    const { router, modal } = setup(true)
    modal.open({ view: 'ConnectingExternal', data: { connectorId: 'io.rabby' } })
    expect(router.store.getState()).toMatchObject({
      view: 'ConnectingExternal',
      data: { connectorId: 'io.rabby' },
    })
  })

  it('says which views refuse a plain close: ApproveTransaction and those the host names', () => {
    const { modal } = setup(true, (view) => view === 'SIWXSignMessage')
    expect(modal.isCloseBlocked('ApproveTransaction')).toBe(true)
    expect(modal.isCloseBlocked('SIWXSignMessage')).toBe(true)
    expect(modal.isCloseBlocked('Account')).toBe(false)
  })

  it('closes on request', () => {
    const { modal } = setup()
    modal.open()
    expect(modal.close()).toBe(true)
    expect(modal.store.getState()).toEqual({ open: false, shake: false })
  })

  it('refuses to close while a transaction waits for approval, and shakes for 500 ms', () => {
    const { modal } = setup(true)
    modal.open({ view: 'ApproveTransaction' })
    expect(modal.close()).toBe(false)
    expect(modal.store.getState()).toEqual({ open: true, shake: true })
    vi.advanceTimersByTime(499)
    expect(modal.store.getState().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(modal.store.getState()).toEqual({ open: true, shake: false })
  })

  it('restarts the shake on a second refused close', () => {
    const { modal } = setup(true)
    modal.open({ view: 'ApproveTransaction' })
    modal.close()
    vi.advanceTimersByTime(400)
    modal.close()
    vi.advanceTimersByTime(400)
    expect(modal.store.getState().shake).toBe(true)
    vi.advanceTimersByTime(100)
    expect(modal.store.getState().shake).toBe(false)
  })

  it('closes the approval view when forced', () => {
    const { modal } = setup(true)
    modal.open({ view: 'ApproveTransaction' })
    modal.close()
    expect(modal.close({ force: true })).toBe(true)
    expect(modal.store.getState()).toEqual({ open: false, shake: false })
  })

  it('also holds views the host marks as blocking, such as a required sign-in', () => {
    const { modal } = setup(true, (view) => view === 'SIWXSignMessage')
    modal.open({ view: 'SIWXSignMessage' })
    expect(modal.close()).toBe(false)
    modal.open({ view: 'Account' })
    expect(modal.close()).toBe(true)
  })

  it('uses the timers it is given', () => {
    const scheduled: number[] = []
    const router = createRouter()
    const modal = createModal({
      router,
      isConnected: () => true,
      timers: { setTimeout: (_cb, ms) => scheduled.push(ms), clearTimeout: () => {} },
    })
    modal.open({ view: 'ApproveTransaction' })
    modal.close()
    expect(scheduled).toEqual([500])
  })
})
