import { useEffect, useReducer } from 'react'

/** A piece of a view (not a view) whose code is its own chunk, fetched when first wanted. */
export interface LazyPart<M> {
  loaded(): M | undefined
  load(): Promise<M>
}

export function lazyPart<M>(fetchCode: () => Promise<M>): LazyPart<M> {
  let loading: Promise<M> | undefined
  let loaded: M | undefined
  return {
    loaded: () => loaded,
    load: () => {
      loading ??= fetchCode().then(
        (module) => {
          loaded = module
          return module
        },
        (error: unknown) => {
          // The next render that wants it tries again.
          loading = undefined
          throw error
        },
      )
      return loading
    },
  }
}

/**
 * The part's module once it is in, undefined before (the caller draws without it meanwhile);
 * fetched only while `wanted`. A failed fetch leaves the view as it is without the part.
 */
export function useLazyPart<M>(part: LazyPart<M>, wanted: boolean): M | undefined {
  const [, arrived] = useReducer((count: number) => count + 1, 0)
  const module = part.loaded()
  useEffect(() => {
    if (!wanted || module) return
    let current = true
    part.load().then(
      () => current && arrived(),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [part, wanted, module])
  return wanted ? module : undefined
}
