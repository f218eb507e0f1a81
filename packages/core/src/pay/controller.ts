/**
 * One payment at a time: `openPay` shows it in the modal (after Connect when no wallet is
 * connected) and resolves when it is mined, or when the visitor leaves it. The Pay view reads the
 * request from `store` and reports the mined hash through `paid`.
 */
import { PorticoError } from '../errors.ts'
import type { Store } from '../store.ts'
import type { AccountSnapshot } from '../stores/account.ts'
import type { Modal } from '../stores/modal.ts'
import type { Router } from '../stores/router.ts'
import { type PayOptions, type PayRequest, type PayResult, PayText, parsePayOptions } from './request.ts'

export interface PaymentSnapshot {
  /** The payment being shown; kept after it is paid so the done state can say what went where. */
  request: PayRequest | undefined
  /** The mined transaction, once paid. */
  hash: `0x${string}` | undefined
}

export interface PayController {
  openPay(options: PayOptions): Promise<PayResult>
  /** The Pay view's payment was mined. */
  paid(hash: `0x${string}`): void
  /** Follows the modal; returns the cleanup. */
  watch(): () => void
}

interface PayParameters {
  /** Where the Pay view reads the payment; made by the caller so the view needs none of this code. */
  store: Store<PaymentSnapshot>
  enabled: boolean
  caipNetworkId: string
  modal: Modal
  router: Router
  account: Store<AccountSnapshot>
}

export function createPayController({
  store,
  enabled,
  caipNetworkId,
  modal,
  router,
  account,
}: PayParameters): PayController {
  let settle: ((result: PayResult) => void) | undefined
  // Whether the visitor has seen the Pay view of this payment: closing before that (Connect's own
  // close after a wallet connects) leads on to the payment, closing after it leaves the payment.
  let shown = false

  function finish(result: PayResult) {
    const done = settle
    settle = undefined
    done?.(result)
  }

  return {
    openPay(options) {
      if (!enabled) return Promise.reject(new PorticoError(PayText.OFF))
      let request: PayRequest
      try {
        request = parsePayOptions(options, caipNetworkId)
      } catch (error) {
        return Promise.reject(error)
      }
      finish({ success: false, error: PayText.REPLACED })
      shown = false
      store.setState({ request, hash: undefined })
      const result = new Promise<PayResult>((resolve) => {
        settle = resolve
      })
      modal.open({ view: account.getState().isConnected ? 'Pay' : 'Connect' })
      return result
    },
    paid(hash) {
      store.setState({ hash })
      finish({ success: true, result: hash })
    },
    watch() {
      const unsubscribeRouter = router.store.subscribe(({ view }) => {
        if (view === 'Pay') shown = true
      })
      const unsubscribeModal = modal.store.subscribe(({ open }, previous) => {
        if (open || !previous.open) return
        if (!settle) {
          // A paid payment's done state has been seen: nothing to show next time.
          if (store.getState().hash) store.setState({ request: undefined, hash: undefined })
          return
        }
        if (!shown && account.getState().isConnected) {
          // A wallet just connected and the connect flow closed the modal: on to the payment.
          queueMicrotask(() => modal.open({ view: 'Pay' }))
          return
        }
        finish({ success: false, error: PayText.CANCELLED })
      })
      return () => {
        unsubscribeRouter()
        unsubscribeModal()
      }
    },
  }
}
