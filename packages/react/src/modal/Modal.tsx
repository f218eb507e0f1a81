import type { Portico, View } from '@portico/core'
import { type KeyboardEvent, Suspense, useEffect, useId, useLayoutEffect, useRef } from 'react'
import { AlertBanner } from '../components/AlertBanner.tsx'
import { useStore } from '../hooks.ts'
import { viewComponent, viewTitle } from '../views/registry.ts'
import { activeElementDeep, trapTab } from './focus.ts'

export function Modal({ portico, root }: { portico: Portico; root: ShadowRoot }) {
  const { open, shake } = useStore(portico.modal.store)
  const router = useStore(portico.router.store)
  const account = useStore(portico.account)
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLElement | null>(null)

  useLayoutEffect(() => {
    if (!open) return
    trigger.current = activeElementDeep()
    dialogRef.current?.focus()
    return () => {
      const previous = trigger.current
      if (previous?.isConnected) previous.focus()
    }
  }, [open])

  // Once the wallet is connected on a supported chain there is nothing left to do in Connect.
  useEffect(() => {
    if (!open) return
    if (account.isUnsupportedChain && router.view === 'Account') portico.router.replace('UnsupportedChain')
  }, [open, account.isUnsupportedChain, router.view, portico])

  if (!open) return null

  const view: View = router.view
  const Body = viewComponent(view)
  const title = viewTitle(view, router.data)
  const canGoBack = router.history.length > 1

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      portico.modal.close()
    } else if (event.key === 'Tab' && dialogRef.current) {
      trapTab(event.nativeEvent, dialogRef.current, root)
    }
  }

  return (
    // Clicking outside the card is a pointer shortcut; keyboard users close with Escape.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      className="backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) portico.modal.close()
      }}
    >
      <div
        ref={dialogRef}
        className={`card${shake ? ' shake' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="header">
          {canGoBack ? (
            <button
              type="button"
              className="icon-button"
              aria-label="Back"
              onClick={() => portico.router.goBack()}
            >
              ‹
            </button>
          ) : (
            <span />
          )}
          <h2 className="title" id={titleId} key={title}>
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            onClick={() => portico.modal.close()}
          >
            ✕
          </button>
        </div>
        <AlertBanner portico={portico} />
        <AnimatedHeight>
          <div className={`view ${router.direction}`} key={router.transitionId}>
            <Suspense
              fallback={
                <div className="center" aria-busy="true">
                  <span className="spinner" />
                </div>
              }
            >
              <Body portico={portico} />
            </Suspense>
          </div>
        </AnimatedHeight>
      </div>
    </div>
  )
}

/** Follows the height of the current view so view changes animate the card's height (150 ms). */
function AnimatedHeight({ children }: { children: React.ReactNode }) {
  const outer = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = inner.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (outer.current) outer.current.style.height = `${element.offsetHeight}px`
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <div className="body-outer" ref={outer}>
      <div className="body" ref={inner}>
        {children}
      </div>
    </div>
  )
}
