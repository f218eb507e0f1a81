import { DEBOUNCE_MS, type NameCheck, type NameRegistration } from '@portico/core/internal'
import { useEffect, useState } from 'react'

export type NameCheckState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'failed' }
  | (NameCheck & { label: string })

/**
 * What the typed label would be, checked once the visitor pauses for 500 ms (behaviour §9
 * debounce): nothing is said mid-word, and an answer for an older label is never shown.
 */
export function useNameCheck(registration: NameRegistration | undefined, label: string): NameCheckState {
  const [state, setState] = useState<NameCheckState>({ kind: 'idle' })
  useEffect(() => {
    if (!registration || label === '') {
      setState({ kind: 'idle' })
      return
    }
    const abort = new AbortController()
    setState({ kind: 'checking' })
    const timer = setTimeout(() => {
      registration.check(label, abort.signal).then(
        (result) => !abort.signal.aborted && setState({ ...result, label }),
        () => !abort.signal.aborted && setState({ kind: 'failed' }),
      )
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [registration, label])
  return state
}
