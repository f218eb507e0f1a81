/**
 * The RegisterAccountName form as the visitor left it: what they typed, whether a registration is
 * under way, and why the last one failed. A store of its own, so the form survives the view being
 * left for the secure frame's approval and shown again.
 */
import { createStore, type Store } from '../store.ts'
import type { NameRegistration } from './registration.ts'

export interface NameFormState {
  label: string
  registering: boolean
  /** Why the last registration failed, in words for the visitor. */
  error: string | undefined
}

export interface NameForm {
  store: Store<NameFormState>
  setLabel(label: string): void
  /** Registers the typed label once at a time; `onDone` gets the full name. */
  submit(
    registration: NameRegistration,
    address: `0x${string}`,
    onDone: (name: string) => void,
  ): Promise<void>
}

export function createNameForm(): NameForm {
  const store = createStore<NameFormState>({ label: '', registering: false, error: undefined })
  return {
    store,
    setLabel: (label) => store.setState({ label, error: undefined }),
    async submit(registration, address, onDone) {
      const { label, registering } = store.getState()
      if (registering) return
      store.setState({ registering: true, error: undefined })
      try {
        const name = await registration.register(label, address)
        store.setState({ registering: false })
        onDone(name)
      } catch (error) {
        store.setState({ registering: false, error: (error as Error).message })
      }
    },
  }
}
