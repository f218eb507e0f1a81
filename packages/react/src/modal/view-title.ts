import type { Portico } from '@portico/core'
import type { View } from '@portico/core/internal'
import { useEffect, useSyncExternalStore } from 'react'

/**
 * The modal's title for a view whose title follows its state (a purchase that completed is no
 * longer "in progress"). Held per view, so a title a view left behind never names the next one.
 */
interface StateTitle {
  view: View
  title: string
}

const titles = new WeakMap<Portico, StateTitle | undefined>()
const listeners = new Set<() => void>()

function setStateTitle(portico: Portico, title: StateTitle | undefined) {
  titles.set(portico, title)
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Names `view` `title` while the calling view shows it; undefined leaves the registry's title. */
export function useStateTitle(portico: Portico, view: View, title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return
    setStateTitle(portico, { view, title })
    return () => setStateTitle(portico, undefined)
  }, [portico, view, title])
}

/** The title a view set for its state, if it is the view shown. */
export function useShownStateTitle(portico: Portico, view: View): string | undefined {
  const set = useSyncExternalStore(
    subscribe,
    () => titles.get(portico),
    () => undefined,
  )
  return set?.view === view ? set.title : undefined
}
