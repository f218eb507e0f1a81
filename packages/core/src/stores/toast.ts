import { TOAST_AUTO_CLOSE_MS, TOAST_ERROR_CLOSE_MS, TOAST_REOPEN_MS } from '../constants.ts'
import { createStore, type Store } from '../store.ts'
import { systemTimers, type Timers } from './modal.ts'

type ToastVariant = 'success' | 'error' | 'loading'

interface ToastState {
  open: boolean
  message: string
  variant: ToastVariant
  icon?: string | undefined
  autoClose: boolean
  /** New for every toast shown, so the UI replays its entry animation even for the same text. */
  id: number
}

interface ToastOptions {
  icon?: string | undefined
  autoClose?: boolean | undefined
}

export interface ToastStore {
  store: Store<ToastState>
  showSuccess(message: string, options?: ToastOptions): void
  showError(message: string, options?: ToastOptions): void
  /** Stays until hidden or replaced unless autoClose is asked for: the work is still going on. */
  showLoading(message: string, options?: ToastOptions): void
  hide(): void
}

const closed = { open: false, message: '', variant: 'success', icon: undefined, autoClose: true } as const

export function createToastStore({
  timers = systemTimers,
}: {
  timers?: Timers | undefined
} = {}): ToastStore {
  const store = createStore<ToastState>({ ...closed, id: 0 })
  let autoCloseTimer: unknown
  let reopenTimer: unknown

  function clearTimers() {
    if (autoCloseTimer !== undefined) timers.clearTimeout(autoCloseTimer)
    if (reopenTimer !== undefined) timers.clearTimeout(reopenTimer)
    autoCloseTimer = undefined
    reopenTimer = undefined
  }

  function hide() {
    clearTimers()
    store.setState((state) => ({ ...closed, id: state.id }))
  }

  function open(variant: ToastVariant, message: string, icon: string | undefined, autoClose: boolean) {
    store.setState((state) => ({ open: true, message, variant, icon, autoClose, id: state.id + 1 }))
    // An error is a sentence to read and act on; good news only needs a glance.
    if (autoClose)
      autoCloseTimer = timers.setTimeout(
        hide,
        variant === 'error' ? TOAST_ERROR_CLOSE_MS : TOAST_AUTO_CLOSE_MS,
      )
  }

  function show(
    variant: ToastVariant,
    message: string,
    options: ToastOptions | undefined,
    autoCloseDefault: boolean,
  ) {
    const autoClose = options?.autoClose ?? autoCloseDefault
    const wasOpen = store.getState().open
    const reopening = reopenTimer !== undefined
    clearTimers()
    if (!wasOpen && !reopening) {
      open(variant, message, options?.icon, autoClose)
      return
    }
    // Swapping the text in place would go unnoticed; closing first lets the new toast pop in.
    store.setState({ open: false })
    reopenTimer = timers.setTimeout(() => {
      reopenTimer = undefined
      open(variant, message, options?.icon, autoClose)
    }, TOAST_REOPEN_MS)
  }

  return {
    store,
    showSuccess: (message, options) => show('success', message, options, true),
    showError: (message, options) => show('error', message, options, true),
    showLoading: (message, options) => show('loading', message, options, false),
    hide,
  }
}
