/**
 * The one state primitive every store is built on: plain state, named transitions written as
 * functions over it, and subscribers. React reads it through `useSyncExternalStore`, so the
 * snapshot object must change identity exactly when the state changes.
 */
export interface Store<S> {
  getState(): S
  setState(update: Partial<S> | ((state: S) => Partial<S>)): void
  subscribe(listener: (state: S, previous: S) => void): () => void
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial
  const listeners = new Set<(state: S, previous: S) => void>()
  return {
    getState: () => state,
    setState(update) {
      const patch = typeof update === 'function' ? update(state) : update
      const changed = Object.keys(patch).some(
        (key) => !Object.is(patch[key as keyof S], state[key as keyof S]),
      )
      if (!changed) return
      const previous = state
      state = { ...state, ...patch }
      for (const listener of listeners) listener(state, previous)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
