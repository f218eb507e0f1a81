import { EmbeddedError, isUserRejection } from '@portico/core'
import { errorMessage } from '@portico/core/internal'
import { useEffect, useState } from 'react'

type StepState =
  | { kind: 'waiting' }
  | { kind: 'cancelled' }
  /** `cooldown`: the services refused a mail sent too soon after the last one. */
  | { kind: 'failed'; message: string; cooldown: boolean }

/**
 * A step the secure frame takes over the modal (passkey, key export): started when the view shows,
 * withdrawn when it goes (the frame then drops it), started again by `retry`. `done` runs with the
 * answer unless the view has gone; `cancelled`, when given, runs instead of showing the cancelled
 * state once the user closed the step in the frame.
 */
export function useFrameStep<T>(
  run: (signal: AbortSignal) => Promise<T>,
  done: (value: T) => void,
  cancelled?: () => void,
) {
  const [state, setState] = useState<StepState>({ kind: 'waiting' })
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how retry starts the step again; the callbacks are the view's own, fixed for its life
  useEffect(() => {
    const controller = new AbortController()
    setState({ kind: 'waiting' })
    run(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) done(value)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (cancelled && isUserRejection(error)) return cancelled()
        const cooldown = error instanceof EmbeddedError && error.code === 'EMAIL_COOLDOWN'
        setState(
          isUserRejection(error)
            ? { kind: 'cancelled' }
            : { kind: 'failed', message: errorMessage(error), cooldown },
        )
      },
    )
    return () => controller.abort()
  }, [attempt])
  return { state, retry: () => setAttempt((n) => n + 1) }
}
