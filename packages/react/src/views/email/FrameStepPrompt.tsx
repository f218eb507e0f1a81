import type { ViewProps } from '../types.ts'
import { useFrameStep } from './use-frame-step.ts'
import './email-css.ts'

interface FrameStepPromptProps<T> extends ViewProps {
  /** The step the secure frame takes, drawn over this view. */
  run: (signal: AbortSignal) => Promise<T>
  /** What the view says while the frame has the step. */
  waiting: string
  /** What it says once the user closed the step in the frame. */
  closed: string
}

/**
 * A step only the secure frame may take (a passkey, a new key): this view points at the frame while
 * it works, and when the step fails or is closed says so with "Try again" and "Not now". After the
 * step, or on "Not now", the user goes back to where they came from, or the modal closes.
 */
export function FrameStepPrompt<T>({ portico, run, waiting, closed }: FrameStepPromptProps<T>) {
  const leave = () => {
    if (!portico.router.goBack()) portico.modal.close({ force: true })
  }
  const { state, retry } = useFrameStep(run, leave)
  return (
    <div className="center stack">
      <p>{waiting}</p>
      {state.kind !== 'waiting' && (
        <>
          <p role="alert" className="error">
            {state.kind === 'failed' ? state.message : closed}
          </p>
          <button type="button" className="primary" onClick={retry}>
            Try again
          </button>
          <button type="button" className="link-button" onClick={leave}>
            Not now
          </button>
        </>
      )}
    </div>
  )
}
