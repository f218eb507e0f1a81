import type { Portico } from '@portico/core'
import type { View } from '@portico/core/internal'
import { useState } from 'react'

const keptByPortico = new WeakMap<Portico, Map<View, unknown>>()

/**
 * A value a view keeps while it stays in the router's history: the view unmounts when the secure
 * frame's approval is shown over it and mounts again after, and what the visitor typed or started
 * (a send, a name) must still be there. Leaving the view (back, close, reset) lets it go.
 */
export function useKept<T>(portico: Portico, view: View, create: () => T): T {
  const [value] = useState(() => {
    let kept = keptByPortico.get(portico)
    if (!kept) {
      const map = new Map<View, unknown>()
      portico.router.store.subscribe(({ history }) => {
        for (const key of map.keys()) if (!history.includes(key)) map.delete(key)
      })
      keptByPortico.set(portico, map)
      kept = map
    }
    if (!kept.has(view)) kept.set(view, create())
    return kept.get(view) as T
  })
  return value
}
