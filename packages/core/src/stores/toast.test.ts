import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createToastStore } from './toast.ts'

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows a success toast and closes it after 2.5 s', () => {
    const toast = createToastStore()
    toast.showSuccess('Copied', { icon: 'copy' })
    expect(toast.store.getState()).toMatchObject({
      open: true,
      message: 'Copied',
      variant: 'success',
      icon: 'copy',
    })
    vi.advanceTimersByTime(2499)
    expect(toast.store.getState().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(toast.store.getState()).toMatchObject({ open: false, message: '' })
  })

  it('keeps a loading toast until it is hidden', () => {
    const toast = createToastStore()
    toast.showLoading('Authenticating...')
    vi.advanceTimersByTime(60_000)
    expect(toast.store.getState()).toMatchObject({ open: true, variant: 'loading', autoClose: false })
    toast.hide()
    expect(toast.store.getState()).toMatchObject({
      open: false,
      message: '',
      variant: 'success',
      icon: undefined,
    })
  })

  it('leaves an error toast up for 8 s, long enough to read, not the 2.5 s of good news', () => {
    const toast = createToastStore()
    toast.showError('Not enough funds to pay for this transaction and its network fee.')
    vi.advanceTimersByTime(7999)
    expect(toast.store.getState()).toMatchObject({ open: true, variant: 'error' })
    vi.advanceTimersByTime(1)
    expect(toast.store.getState().open).toBe(false)
  })

  it('keeps an error toast open when asked not to auto-close', () => {
    const toast = createToastStore()
    toast.showError('Signature declined', { autoClose: false })
    vi.advanceTimersByTime(10_000)
    expect(toast.store.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Signature declined',
    })
  })

  it('closes an open toast and brings the new one in after 150 ms', () => {
    const toast = createToastStore()
    toast.showLoading('Authenticating...')
    const firstId = toast.store.getState().id
    toast.showError('Signature declined')
    expect(toast.store.getState()).toMatchObject({ open: false, message: 'Authenticating...' })
    vi.advanceTimersByTime(149)
    expect(toast.store.getState().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(toast.store.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Signature declined',
    })
    expect(toast.store.getState().id).toBeGreaterThan(firstId)
  })

  it('does not let the old auto-close timer close the new toast early', () => {
    const toast = createToastStore()
    toast.showSuccess('first')
    vi.advanceTimersByTime(2000)
    toast.showSuccess('second')
    vi.advanceTimersByTime(150 + 2000)
    expect(toast.store.getState()).toMatchObject({ open: true, message: 'second' })
    vi.advanceTimersByTime(500)
    expect(toast.store.getState().open).toBe(false)
  })

  it('shows only the latest of toasts asked for in quick succession', () => {
    const toast = createToastStore()
    toast.showSuccess('one')
    toast.showSuccess('two')
    toast.showError('three')
    vi.advanceTimersByTime(150)
    expect(toast.store.getState()).toMatchObject({ open: true, message: 'three', variant: 'error' })
  })

  it('cancels a pending reopen when hidden', () => {
    const toast = createToastStore()
    toast.showSuccess('one')
    toast.showSuccess('two')
    toast.hide()
    vi.advanceTimersByTime(5_000)
    expect(toast.store.getState().open).toBe(false)
  })

  it('gives each toast a new id so the same text animates again', () => {
    const toast = createToastStore()
    toast.showSuccess('Copied')
    const first = toast.store.getState().id
    vi.advanceTimersByTime(2500)
    toast.showSuccess('Copied')
    expect(toast.store.getState().id).toBe(first + 1)
  })
})
