import { useSyncExternalStore } from 'react'

/**
 * The views' own CSS, apart from the base theme so that a lazy view's rules travel in its chunk.
 * A CSS module adds its text when it is first imported; the modal's one <style> shows the base
 * theme, then each added text in the order it came (`ModalRoot.tsx`, through `useViewCss`).
 */
let texts: readonly string[] = []
const listeners = new Set<() => void>()

export function addViewCss(text: string): void {
  if (texts.includes(text)) return
  texts = [...texts, text]
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const snapshot = () => texts

/** Every text added so far, oldest first; a view module loaded later re-renders the reader. */
export function useViewCss(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
