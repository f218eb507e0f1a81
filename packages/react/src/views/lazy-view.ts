import { type ComponentType, lazy, useEffect, useReducer, useState } from 'react'
import { lazyPart } from './lazy-part.ts'
import type { ViewProps } from './types.ts'

type ViewModule = { default: ComponentType<ViewProps> }

export interface LazyView {
  /** The view's component once its code is in. */
  loaded(): ComponentType<ViewProps> | undefined
  /** Fetches the view's code (once; a failed fetch is tried again by the next call). */
  load(): Promise<ViewModule>
  /** Starts `load` without waiting for it. */
  preload(): void
  /** A component that suspends until the code is in: what a failed fetch falls back to. */
  suspending: ComponentType<ViewProps>
}

/** A view whose code is its own chunk: a lazy part whose module's default export is the view. */
export function lazyView(fetchCode: () => Promise<ViewModule>): LazyView {
  const part = lazyPart(fetchCode)
  return {
    loaded: () => part.loaded()?.default,
    load: part.load,
    preload: () => void part.load().catch(() => undefined),
    suspending: lazy(part.load),
  }
}

/**
 * The component to draw `view` with, or undefined while its code is on its way (the caller shows
 * a placeholder and is drawn again when it lands). Not React's Suspense for the wait: Suspense holds
 * content back for 300 ms once it showed a fallback, which every first showing of a view would
 * pay. A failed fetch hands over the suspending component, which fetches again and throws as
 * React.lazy does.
 */
export function useViewComponent(view: LazyView | undefined): ComponentType<ViewProps> | undefined {
  const [, arrived] = useReducer((count: number) => count + 1, 0)
  const [failed, setFailed] = useState<LazyView>()
  const loaded = view?.loaded()
  useEffect(() => {
    if (!view || loaded) return
    let current = true
    view.load().then(
      () => current && arrived(),
      () => current && setFailed(view),
    )
    return () => {
      current = false
    }
  }, [view, loaded])
  if (!view) return undefined
  return loaded ?? (failed === view ? view.suspending : undefined)
}
