import { describe, expect, it } from 'vitest'
import { lookAtPopup, type PopupWatch } from './popup-watch.ts'

/** A stand-in for the page's handle on the popup: its `closed` and whether its location reads. */
function handle(state: { closed: boolean; crossOrigin: boolean }) {
  return {
    get closed() {
      return state.closed
    },
    get location() {
      if (state.crossOrigin) throw new DOMException('Blocked a frame with origin', 'SecurityError')
      return { href: 'about:blank' } as Location
    },
  }
}

describe('lookAtPopup', () => {
  it('a popup closed on the provider’s page was closed by the visitor', () => {
    const state = { closed: false, crossOrigin: false }
    const watch: PopupWatch = { pointed: true, left: false, cuts: false }
    expect(lookAtPopup(handle(state), watch)).toBe('open')
    state.crossOrigin = true
    expect(lookAtPopup(handle(state), watch)).toBe('open')
    state.closed = true
    expect(lookAtPopup(handle(state), watch)).toBe('closed')
  })

  it('a popup that turns closed straight from the blank page was cut from the page by the provider', () => {
    const state = { closed: false, crossOrigin: false }
    const watch: PopupWatch = { pointed: true, left: false, cuts: false }
    expect(lookAtPopup(handle(state), watch)).toBe('open')
    state.closed = true
    state.crossOrigin = true
    expect(lookAtPopup(handle(state), watch)).toBe('cut')
  })

  it('a popup closed before the page pointed it anywhere was closed by the visitor', () => {
    const watch: PopupWatch = { pointed: false, left: false, cuts: false }
    expect(lookAtPopup(handle({ closed: true, crossOrigin: false }), watch)).toBe('closed')
  })

  it('a popup of a provider known to cut it is never taken for closed once pointed, even seen on its page', () => {
    const state = { closed: false, crossOrigin: true }
    const watch: PopupWatch = { pointed: true, left: false, cuts: true }
    expect(lookAtPopup(handle(state), watch)).toBe('open')
    state.closed = true
    expect(lookAtPopup(handle(state), watch)).toBe('cut')
    expect(lookAtPopup(handle(state), { pointed: false, left: false, cuts: true })).toBe('closed')
  })
})
