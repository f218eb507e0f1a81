import type { ServicesSettings } from '@portico/core'
import { FRAME, FRAME_PLACE } from '@portico/core/internal'
import { Alerts, ErrorText, ProviderErrorCode } from '@portico/core/shared'
import { FrameError } from './frame-error.ts'
import {
  errorPayload,
  errorType,
  FRAME_PING,
  FRAME_VERSION,
  type FrameLayout,
  frameEvent,
  MESSAGES,
  type MessageType,
  type RequestOf,
  type SuccessOf,
  successType,
  TIMED_MESSAGES,
} from './protocol.ts'

export type FrameTimeouts = Pick<
  typeof FRAME,
  'loadTimeoutMs' | 'requestTimeoutMs' | 'signOutTimeoutMs' | 'readyDelayMs'
>

/** How often the page asks a loaded frame that has not said it is ready. */
const PING_EVERY_MS = 1000

interface FrameClientOptions extends ServicesSettings {
  chainId: number
  enableLogger?: boolean | undefined
  /** behaviour §9's values by default; tests shorten them. */
  timeouts?: Partial<FrameTimeouts> | undefined
  /** The modal's theme, which the frame's cards follow; sent as soon as the frame is ready. */
  theme?: (() => RequestOf<'SYNC_THEME'> | undefined) | undefined
}

interface Waiting {
  type: MessageType
  resolve(value: unknown): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout> | undefined
}

export type FrameClient = ReturnType<typeof createFrameClient>

/**
 * The dapp side of the secure frame: a hidden iframe on the services origin, spoken to by
 * postMessage. Only answers whose origin is the services origin and whose source is that very
 * iframe's window count; anything else on the page's message channel is ignored.
 */
export function createFrameClient(options: FrameClientOptions) {
  const timeouts: FrameTimeouts = { ...FRAME, ...options.timeouts }
  const servicesOrigin = new URL(options.servicesUrl).origin
  const waiting = new Map<string, Waiting>()
  let iframe: HTMLIFrameElement | undefined
  let loading: Promise<void> | undefined
  let onReady: (() => void) | undefined

  function onMessage(event: MessageEvent) {
    if (event.origin !== servicesOrigin || !iframe || event.source !== iframe.contentWindow) return
    const parsed = frameEvent.safeParse(event.data)
    if (!parsed.success) return
    const message = parsed.data
    if (message.type === 'FRAME_LAYOUT') {
      if ('visible' in message) layout(message)
      return
    }
    if (!('id' in message)) {
      onReady?.()
      return
    }
    const entry = waiting.get(message.id)
    if (!entry) return
    if (message.type === successType(entry.type)) {
      const payload = MESSAGES[entry.type].success.safeParse(message.payload)
      settle(
        message.id,
        payload.success ? { value: payload.data } : { error: new FrameError(ErrorText.FRAME_ERROR) },
      )
    } else if (message.type === errorType(entry.type)) {
      settle(message.id, { error: toFrameError(message.payload) })
    }
  }

  function settle(id: string, outcome: { value: unknown } | { error: Error }) {
    const entry = waiting.get(id)
    if (!entry) return
    waiting.delete(id)
    if (entry.timer !== undefined) clearTimeout(entry.timer)
    if ('error' in outcome) entry.reject(outcome.error)
    else entry.resolve(outcome.value)
  }

  /**
   * The frame is hidden until it draws an approval; then it is shown over the modal, gets focus
   * (the request is read and answered inside it), and hands focus back when it hides again.
   */
  let focusBefore: HTMLElement | undefined
  let wasVisible = false
  function layout({ visible, height }: FrameLayout) {
    if (!iframe) return
    if (visible) place(iframe, height)
    else {
      unplace()
      iframe.style.cssText = HIDDEN_STYLE
    }
    if (visible) {
      iframe.removeAttribute('aria-hidden')
      iframe.tabIndex = 0
      if (!wasVisible) {
        focusBefore = deepActiveElement()
        iframe.focus()
      }
    } else {
      iframe.setAttribute('aria-hidden', 'true')
      iframe.tabIndex = -1
      // A hidden frame must not keep the keyboard: back to where focus was, or at least out of it.
      if (document.activeElement === iframe) {
        focusBefore?.focus()
        if (document.activeElement === iframe) iframe.blur()
      }
      focusBefore = undefined
    }
    wasVisible = visible
  }

  /**
   * Over the modal's body when the modal is open (one card, one title: the modal makes room and
   * hides its own title), followed each frame while it moves or grows; centred on the page when no
   * modal is open.
   */
  let following: number | undefined
  let slotInUse: HTMLElement | undefined
  function place(element: HTMLIFrameElement, height: number) {
    if (following !== undefined) cancelAnimationFrame(following)
    let last = ''
    const step = () => {
      const slot = frameSlot()
      if (slot !== slotInUse) unplace()
      let style = shownStyle(height)
      if (slot) {
        slotInUse = slot
        slot.setAttribute(FRAME_PLACE.shown, '')
        slot.style.setProperty(FRAME_PLACE.height, `${Math.ceil(height)}px`)
        const area = slot.getBoundingClientRect()
        // The body grows to the frame's height in a moment (its height animates); until then, and on
        // a screen too short for all of it, the frame shows what fits and scrolls the rest itself.
        if (area.width > 0) style = slottedStyle(area, Math.min(Math.ceil(height), area.height))
      }
      if (style !== last) element.style.cssText = last = style
      following = requestAnimationFrame(step)
    }
    step()
  }

  function unplace() {
    if (following !== undefined) cancelAnimationFrame(following)
    following = undefined
    slotInUse?.removeAttribute(FRAME_PLACE.shown)
    slotInUse?.style.removeProperty(FRAME_PLACE.height)
    slotInUse = undefined
  }

  function load(): Promise<void> {
    loading ??= new Promise<void>((resolve, reject) => {
      const url = new URL('/frame', options.servicesUrl)
      url.search = new URLSearchParams({
        projectId: options.projectId,
        chainId: String(options.chainId),
        version: FRAME_VERSION,
        enableLogger: String(options.enableLogger ?? false),
      }).toString()
      const element = document.createElement('iframe')
      element.src = url.href
      element.title = 'Portico secure frame'
      // Passkeys are made and used inside the frame, on its own origin, and the key export copies there.
      element.allow = ['publickey-credentials-create', 'publickey-credentials-get', 'clipboard-write']
        .map((feature) => `${feature} ${servicesOrigin}`)
        .join('; ')
      element.setAttribute('aria-hidden', 'true')
      element.tabIndex = -1
      element.style.cssText = HIDDEN_STYLE
      const timer = setTimeout(() => fail(), timeouts.loadTimeoutMs)
      // The frame's one ready signal can be missed (seen in Chromium, with the iframe's load event, when
      // the page had just opened the social login's popup), so the page asks each second until it has
      // it. Until the frame's own document is in place the browser drops the question (its origin differs).
      const asking = setInterval(
        () => element.contentWindow?.postMessage(FRAME_PING, servicesOrigin),
        PING_EVERY_MS,
      )
      const fail = () => {
        clearInterval(asking)
        element.remove()
        iframe = undefined
        loading = undefined
        onReady = undefined
        reject(new FrameError(ErrorText.FRAME_LOAD_FAILED, Alerts.IFRAME_LOAD_FAILED))
      }
      onReady = () => {
        clearTimeout(timer)
        clearInterval(asking)
        onReady = undefined
        // Posted before any request, so the frame has its theme before it draws a card; its answer
        // has no waiter and is dropped.
        const theme = options.theme?.()
        if (theme)
          element.contentWindow?.postMessage(
            { id: crypto.randomUUID(), type: 'SYNC_THEME', payload: theme },
            servicesOrigin,
          )
        // behaviour §4: ready is the frame's signal plus 500 ms for it to finish its own start.
        setTimeout(resolve, timeouts.readyDelayMs)
      }
      iframe = element
      window.addEventListener('message', onMessage)
      document.body.appendChild(element)
    })
    return loading
  }

  /** `signal` withdraws the request: the frame drops it and answers with a rejection. */
  async function request<T extends MessageType>(
    type: T,
    payload: RequestOf<T>,
    signal?: AbortSignal,
  ): Promise<SuccessOf<T>> {
    await load()
    const target = iframe?.contentWindow
    if (!target) throw new FrameError(ErrorText.FRAME_LOAD_FAILED, Alerts.IFRAME_LOAD_FAILED)
    const id = crypto.randomUUID()
    signal?.addEventListener(
      'abort',
      () => {
        if (waiting.has(id)) void request('CANCEL_REQUEST', { id }).catch(() => undefined)
      },
      { once: true },
    )
    return new Promise<SuccessOf<T>>((resolve, reject) => {
      const timeoutMs = TIMED_MESSAGES.has(type) ? timeouts.requestTimeoutMs : undefined
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(
              () =>
                settle(id, {
                  error: new FrameError(
                    Alerts.IFRAME_REQUEST_TIMEOUT.shortMessage,
                    Alerts.IFRAME_REQUEST_TIMEOUT,
                  ),
                }),
              timeoutMs,
            )
      waiting.set(id, { type, resolve: resolve as (value: unknown) => void, reject, timer })
      target.postMessage({ id, type, payload }, servicesOrigin)
    })
  }

  return {
    load,
    request,
    /** Signs out, waiting at most behaviour §9's 3 s: a dead frame must not keep the user connected. */
    async signOut(): Promise<void> {
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        request('SIGN_OUT', {}).catch(() => undefined),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeouts.signOutTimeoutMs)
        }),
      ])
      clearTimeout(timer)
    },
  }
}

/** The modal's body area, when the modal is open on this page. */
function frameSlot(): HTMLElement | undefined {
  const host = document.querySelector(`[${FRAME_PLACE.host}]`)
  const slot = host?.shadowRoot?.querySelector(`[${FRAME_PLACE.slot}]`)
  return slot instanceof HTMLElement ? slot : undefined
}

const HIDDEN_STYLE = 'position:fixed;width:0;height:0;border:0;opacity:0;pointer-events:none'

/** Centred over the modal without a transform, so the frame's visibility check sees it unaltered. */
const shownStyle = (height: number) =>
  `position:fixed;inset:0;margin:auto;width:min(360px,calc(100vw - 16px));height:${Math.ceil(height)}px;` +
  'max-height:calc(100vh - 16px);border:0;border-radius:24px;opacity:1;pointer-events:auto;' +
  'z-index:2147483647;color-scheme:dark;background:transparent;box-shadow:0 8px 40px rgba(0,0,0,0.5)'

/** Over the modal's body: its place and width, no frame of its own (the modal's card is the frame). */
const slottedStyle = (area: DOMRect, height: number) =>
  `position:fixed;left:${area.left}px;top:${area.top}px;width:${area.width}px;height:${height}px;margin:0;` +
  'border:0;opacity:1;pointer-events:auto;z-index:2147483647;color-scheme:dark;background:transparent'

/** The element that has focus, looking through open shadow roots (the modal lives in one). */
function deepActiveElement(): HTMLElement | undefined {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : undefined
}

function toFrameError(payload: unknown): FrameError {
  const parsed = errorPayload.safeParse(payload)
  if (!parsed.success) return new FrameError(ErrorText.FRAME_ERROR)
  const { message, code, kind, reason } = parsed.data
  if (kind === 'unverified_domain') return new FrameError(message, Alerts.INVALID_APP_CONFIGURATION, code)
  if (code === ProviderErrorCode.UNAUTHORIZED) return new FrameError(message, Alerts.SESSION_EXPIRED, code)
  const error = new FrameError(message || ErrorText.FRAME_ERROR, undefined, code)
  error.reason = reason
  return error
}
