import { Alerts, ErrorText, FRAME, ProviderErrorCode } from '@portico/core'
import { FrameError } from './frame-error.ts'
import {
  errorPayload,
  errorType,
  FRAME_VERSION,
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

export interface FrameClientOptions {
  servicesUrl: string
  projectId: string
  chainId: number
  enableLogger?: boolean | undefined
  /** SPEC §9's values by default; tests shorten them. */
  timeouts?: Partial<FrameTimeouts> | undefined
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
      element.setAttribute('aria-hidden', 'true')
      element.tabIndex = -1
      element.style.cssText = 'position:fixed;width:0;height:0;border:0;opacity:0;pointer-events:none'
      const timer = setTimeout(() => fail(), timeouts.loadTimeoutMs)
      const fail = () => {
        element.remove()
        iframe = undefined
        loading = undefined
        onReady = undefined
        reject(new FrameError(ErrorText.FRAME_LOAD_FAILED, Alerts.IFRAME_LOAD_FAILED))
      }
      onReady = () => {
        clearTimeout(timer)
        onReady = undefined
        // SPEC §4: ready is the frame's signal plus 500 ms for it to finish its own start.
        setTimeout(resolve, timeouts.readyDelayMs)
      }
      iframe = element
      window.addEventListener('message', onMessage)
      document.body.appendChild(element)
    })
    return loading
  }

  async function request<T extends MessageType>(type: T, payload: RequestOf<T>): Promise<SuccessOf<T>> {
    await load()
    const target = iframe?.contentWindow
    if (!target) throw new FrameError(ErrorText.FRAME_LOAD_FAILED, Alerts.IFRAME_LOAD_FAILED)
    const id = crypto.randomUUID()
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
    /** Signs out, waiting at most SPEC §9's 3 s: a dead frame must not keep the user connected. */
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

function toFrameError(payload: unknown): FrameError {
  const parsed = errorPayload.safeParse(payload)
  if (!parsed.success) return new FrameError(ErrorText.FRAME_ERROR)
  const { message, code, kind } = parsed.data
  if (kind === 'unverified_domain') return new FrameError(message, Alerts.INVALID_APP_CONFIGURATION, code)
  if (code === ProviderErrorCode.UNAUTHORIZED) return new FrameError(message, Alerts.SESSION_EXPIRED, code)
  return new FrameError(message || ErrorText.FRAME_ERROR, undefined, code)
}
