import { errorMessage } from '@portico/core/internal'
import { useEffect, useState } from 'react'
import { useStore } from '../hooks.ts'
import './connecting-css.ts'
import { openSocialPopup, socialPopup } from './social/popup.ts'
import { lookAtPopup, type PopupWatch } from './social/popup-watch.ts'
import { CUTS_POPUP, SOCIAL_LABEL } from './social/providers.ts'
import { SocialIcon } from './social/SocialIcon.tsx'
import type { ViewProps } from './types.ts'

/**
 * How often the page looks at the popup: often enough to see it on the provider's page before a
 * person can close it (`popup-watch.ts`).
 */
const CLOSED_CHECK_MS = 100
/** How long a closed popup's login may still take to land (the services' poll looks every 0.5 s). */
const CLOSED_GRACE_MS = 2000

/**
 * Waiting for the provider's popup: the frame starts the attempt, the popup the click
 * opened is pointed at its URL, and the frame polls the services until the login lands. A popup
 * closed before the provider answered goes back to Connect without an error; a refusal or a timeout
 * is said here with Try again. The popup's own message only tells that the login finished, so a
 * popup closing itself after a success is not taken for a cancel; without it, a closed popup still
 * leaves the poll a moment to bring an outcome. A popup a provider cut from the page (`popup-watch.ts`)
 * is waited for until the login lands, fails or the visitor goes back.
 */
export default function ConnectingSocial({ portico }: ViewProps) {
  const { data } = useStore(portico.router.store)
  const provider = data?.socialProvider
  const [failure, setFailure] = useState<string>()
  // The provider's pages cut the popup from the page: its closing can no longer be seen.
  const [cut, setCut] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const label = provider ? SOCIAL_LABEL[provider] : 'the provider'

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how Try again starts over, with the popup its click opened
  useEffect(() => {
    const popup = socialPopup()
    if (!provider || !popup) {
      portico.router.reset('Connect')
      return
    }
    const controller = new AbortController()
    const servicesOrigin = new URL(portico.options.servicesUrl).origin
    let finished = false
    const onMessage = (event: MessageEvent) => {
      const result = event.data as { type?: unknown } | null
      if (event.origin === servicesOrigin && result?.type === 'portico:social-result') finished = true
    }
    window.addEventListener('message', onMessage)
    // A closed popup may have ended the login first (its message can be lost): the running poll
    // gets a moment to bring the outcome before Connect.
    const watch: PopupWatch = { pointed: false, left: false, cuts: CUTS_POPUP.has(provider) }
    let closedAt: number | undefined
    const closedCheck = setInterval(() => {
      if (finished || controller.signal.aborted) return
      const state = lookAtPopup(popup, watch)
      if (state === 'cut') setCut(true)
      if (state !== 'closed') return
      closedAt ??= Date.now()
      if (Date.now() - closedAt < CLOSED_GRACE_MS) return
      controller.abort()
      portico.toast.hide()
      portico.router.reset('Connect')
    }, CLOSED_CHECK_MS)
    setFailure(undefined)
    setCut(false)
    portico.toast.showLoading('Authenticating...')
    const run = async () => {
      const uri = await portico.embedded.startSocial(provider)
      if (controller.signal.aborted) return
      popup.location.href = uri
      watch.pointed = true
      await portico.embedded.waitForSocial(controller.signal)
    }
    let settled = false
    run().then(
      () => {
        settled = true
        if (!controller.signal.aborted) portico.toast.hide()
      },
      (error: unknown) => {
        settled = true
        if (controller.signal.aborted) return
        portico.toast.hide()
        popup.close()
        setFailure(errorMessage(error))
      },
    )
    return () => {
      // Left while waiting (Back, Close): its "Authenticating..." goes with it.
      if (!controller.signal.aborted && !settled) portico.toast.hide()
      controller.abort()
      clearInterval(closedCheck)
      window.removeEventListener('message', onMessage)
    }
  }, [attempt, provider, portico])

  // Try again opens a new popup in the click itself, as the Connect button did.
  const retry = () => {
    if (openSocialPopup()) setAttempt((n) => n + 1)
  }

  return (
    <div className="center">
      <span className={`wallet-state ${failure ? 'failed' : 'waiting'}`}>
        <span className="social-mark">{provider && <SocialIcon provider={provider} size={40} />}</span>
      </span>
      {failure ? (
        <>
          <p role="alert" className="error">
            {failure}
          </p>
          <button type="button" className="primary" onClick={retry}>
            Try again
          </button>
        </>
      ) : (
        <>
          <p role="status">Continue with {label}</p>
          <p className="muted">
            {cut
              ? `Finish logging in in ${label}’s window. This page can no longer see it: if you closed it, go back.`
              : 'Finish logging in in the window that opened. Closing it cancels.'}
          </p>
        </>
      )}
    </div>
  )
}
