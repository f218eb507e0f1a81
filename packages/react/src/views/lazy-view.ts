import { type ComponentType, lazy } from 'react'
import type { ViewProps } from './types.ts'

export interface LazyView {
  /**
   * The view's component: the loaded one once its code is in (drawn at once, with no placeholder
   * frame), else a lazy one that suspends until it is. Pick it once per showing of the view: the
   * two are different components to React.
   */
  component(): ComponentType<ViewProps>
  /** Starts fetching the view's code; a no-op once it is loading or loaded. */
  preload(): void
}

/** A view whose code is its own chunk. A failed fetch is forgotten, so the next try fetches again. */
export function lazyView(load: () => Promise<{ default: ComponentType<ViewProps> }>): LazyView {
  let loading: Promise<{ default: ComponentType<ViewProps> }> | undefined
  let loaded: ComponentType<ViewProps> | undefined
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  const suspending = lazy(start)
  return {
    component: () => loaded ?? suspending,
    preload: () => void start().catch(() => undefined),
  }
}
