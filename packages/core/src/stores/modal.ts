import { ANIMATION_MS } from '../constants.ts'
import { createStore, type Store } from '../store.ts'
import type { Router, RouterData, View } from './router.ts'

interface ModalState {
  open: boolean
  /** True while the modal shakes to say "you cannot close me now". */
  shake: boolean
}

/** Injectable so tests can drive the animations' timeouts with fake clocks. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
}

export interface ModalParameters {
  router: Router
  isConnected: () => boolean
  /** Extra views where closing must wait, e.g. the sign-in message while sign-in is required. */
  isCloseBlocked?: ((view: View) => boolean) | undefined
  timers?: Timers | undefined
}

export interface Modal {
  store: Store<ModalState>
  open(options?: { view?: View | undefined; data?: RouterData | undefined }): void
  /** False when closing was refused, so the caller knows the modal is still up. */
  close(options?: { force?: boolean | undefined }): boolean
  /** True on the views a plain close is refused on, so the UI need not offer a Close that does nothing. */
  isCloseBlocked(view: View): boolean
}

export function createModal({
  router,
  isConnected,
  isCloseBlocked,
  timers = systemTimers,
}: ModalParameters): Modal {
  const store = createStore<ModalState>({ open: false, shake: false })
  let shakeTimer: unknown

  function stopShaking() {
    if (shakeTimer !== undefined) timers.clearTimeout(shakeTimer)
    shakeTimer = undefined
    store.setState({ shake: false })
  }

  // An unanswered approval request would be left hanging in the dapp if the modal just vanished.
  const closeBlocked = (view: View) => view === 'ApproveTransaction' || Boolean(isCloseBlocked?.(view))

  return {
    store,
    isCloseBlocked: closeBlocked,
    open(options) {
      if (options?.view) router.reset(options.view, options.data)
      else router.reset(isConnected() ? 'Account' : 'Connect')
      stopShaking()
      store.setState({ open: true })
    },
    close(options) {
      if (closeBlocked(router.store.getState().view) && !options?.force && store.getState().open) {
        if (shakeTimer !== undefined) timers.clearTimeout(shakeTimer)
        store.setState({ shake: true })
        shakeTimer = timers.setTimeout(stopShaking, ANIMATION_MS.shake)
        return false
      }
      stopShaking()
      store.setState({ open: false })
      return true
    },
  }
}
