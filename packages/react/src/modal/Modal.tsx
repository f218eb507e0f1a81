import type { Portico } from '@portico/core'
import { FRAME_PLACE, type View } from '@portico/core/internal'
import { Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef } from 'react'
import { AlertBanner } from '../components/AlertBanner.tsx'
import { BackIcon, CloseIcon } from '../components/icon.tsx'
import { useStore } from '../hooks.ts'
import { useViewComponent } from '../views/lazy-view.ts'
import { lazyViewOf, viewTitle } from '../views/registry.ts'
import { activeElementDeep, focusIsLost, trapTab, viewFocusTarget } from './focus.ts'
import { lockPage } from './lock-page.ts'
import { useShownStateTitle } from './view-title.ts'

export function Modal({ portico, root }: { portico: Portico; root: ShadowRoot }) {
  const { open, shake } = useStore(portico.modal.store)
  const router = useStore(portico.router.store)
  const account = useStore(portico.account)
  // Read so the header follows a sign-in that ends while its view shows (the close control returns).
  useStore(portico.siwx.store)
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const viewRef = useRef<HTMLDivElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  const trigger = useRef<HTMLElement | null>(null)
  const lastHeight = useRef(0)

  const focusView = useCallback(() => {
    const view = viewRef.current
    const target = view ? viewFocusTarget(view, titleRef.current) : null
    ;(target ?? dialogRef.current)?.focus()
  }, [])
  // A view that put focus in itself (its own first step) keeps it, and so does a frame drawn over
  // the modal (the embedded wallet's secure frame shows approvals in its own document); otherwise
  // focus moves into the view.
  const onViewShown = useCallback(() => {
    const active = root.activeElement
    if (active && viewRef.current?.contains(active)) return
    if (document.activeElement instanceof HTMLIFrameElement) return
    focusView()
  }, [root, focusView])

  useLayoutEffect(() => {
    if (!open) return
    trigger.current = activeElementDeep()
    dialogRef.current?.focus()
    // Once the modal's first frame is painted: making the page inert restyles all of it, which would
    // hold that frame back by a few milliseconds. The backdrop covers the page meanwhile.
    let unlock: (() => void) | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        unlock = lockPage(root.host)
      })
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
      // The page first: an inert trigger cannot take focus back.
      unlock?.()
      const previous = trigger.current
      if (previous?.isConnected) previous.focus()
    }
  }, [open, root])

  // Focus never falls back to the page while the modal is open: when the focused control goes away
  // (a view replaced, a button disabled while it works), it moves into the current view again.
  useEffect(() => {
    const card = dialogRef.current
    if (!open || !card) return
    const observer = new MutationObserver(() => {
      // A disabled control still holds focus until the browser's next rendering step drops it.
      const active = root.activeElement
      if (focusIsLost() || (active instanceof HTMLElement && active.matches(':disabled'))) focusView()
    })
    observer.observe(card, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    })
    return () => observer.disconnect()
  }, [open, root, focusView])

  // Keys are handled on the document, so Escape and Tab work wherever focus is, even if a script of
  // the page took it; the secure frame's keys stay in the frame, which cannot be closed from.
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      const card = dialogRef.current
      if (!card) return
      if (event.key === 'Escape') {
        // A control that took Escape for itself (an open list closing) keeps the modal open.
        if (event.defaultPrevented) return
        event.stopPropagation()
        portico.modal.close()
      } else if (event.key === 'Tab') {
        if (event.composedPath().includes(card)) trapTab(event, card, root)
        else {
          event.preventDefault()
          focusView()
        }
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, portico, root, focusView])

  // Once the wallet is connected on a supported chain there is nothing left to do in Connect.
  useEffect(() => {
    if (!open) return
    if (account.isUnsupportedChain && router.view === 'Account') portico.router.replace('UnsupportedChain')
  }, [open, account.isUnsupportedChain, router.view, portico])

  const view: View = router.view
  const stateTitle = useShownStateTitle(portico, view)
  // Only while open: a closed modal fetches no view's code.
  const Body = useViewComponent(open ? lazyViewOf(view) : undefined)

  if (!open) return null

  const title = stateTitle ?? viewTitle(view, router.data)
  const canGoBack = router.history.length > 1
  // Where the modal store refuses to close (behaviour §2, §4) a Close button would do nothing but
  // shake the card; it is left out, its place kept. Escape and the backdrop still shake it.
  const closeBlocked = portico.modal.isCloseBlocked(view)

  return (
    // Clicking outside the card is a pointer shortcut; keyboard users close with Escape.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      className="backdrop"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return
        // Without it the press would move focus to the page after the modal gave it back to the trigger.
        event.preventDefault()
        portico.modal.close()
      }}
    >
      <div
        ref={dialogRef}
        className={`card${shake ? ' shake' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="header">
          {canGoBack ? (
            <HeaderButton label="Back" onClick={() => portico.router.goBack()}>
              <BackIcon />
            </HeaderButton>
          ) : (
            <span />
          )}
          <h2 className="title" id={titleId} key={title} ref={titleRef} tabIndex={-1}>
            {title}
          </h2>
          {closeBlocked ? (
            <span />
          ) : (
            <HeaderButton label="Close" onClick={() => portico.modal.close()}>
              <CloseIcon />
            </HeaderButton>
          )}
        </div>
        <AlertBanner portico={portico} />
        <AnimatedHeight lastHeight={lastHeight}>
          <div className={`view ${router.direction}`} key={router.transitionId} ref={viewRef}>
            {Body ? (
              <Suspense fallback={<LoadingView height={lastHeight.current} />}>
                <Body portico={portico} />
                <OnMount run={onViewShown} />
              </Suspense>
            ) : (
              <LoadingView height={lastHeight.current} />
            )}
          </div>
        </AnimatedHeight>
      </div>
    </div>
  )
}

/** A header control drawn as an icon; `label` is its name for assistive technology. */
function HeaderButton({
  label,
  onClick,
  children,
}: {
  label: string
  onClick(): void
  children: React.ReactNode
}) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onClick}>
      {children}
    </button>
  )
}

/**
 * A view whose code is loading for the first time: the card keeps the height it had, instead of
 * collapsing to the spinner and growing again.
 */
function LoadingView({ height }: { height: number }) {
  return (
    <div className="center loading-view" aria-busy="true" style={{ minHeight: height }}>
      <span className="spinner" />
    </div>
  )
}

/** Runs once its siblings in the same Suspense boundary are on screen: a lazy view has loaded. */
function OnMount({ run }: { run(): void }) {
  useEffect(() => run(), [run])
  return null
}

/** Follows the height of the current view so view changes animate the card's height (150 ms). */
/** `lastHeight` is kept up to date with the body's content height, for the loading placeholder. */
function AnimatedHeight({
  children,
  lastHeight,
}: {
  children: React.ReactNode
  lastHeight: React.RefObject<number>
}) {
  const outer = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = inner.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      // The view inside the body, without the body's padding: what the placeholder has to fill.
      lastHeight.current = (element.firstElementChild as HTMLElement | null)?.offsetHeight ?? 0
      if (outer.current) outer.current.style.height = `${element.offsetHeight}px`
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [lastHeight])
  return (
    // The embedded wallet's secure frame is laid over this area when it shows a request.
    <div className="body-outer" ref={outer} {...{ [FRAME_PLACE.slot]: '' }}>
      <div className="body" ref={inner}>
        {children}
      </div>
    </div>
  )
}
