import { addViewCss } from '../modal/view-css.ts'

addViewCss(`
.unavailable { padding: 12px 0; }
.unavailable .retry { width: auto; padding: 0 20px; }
`)

/**
 * A part of the account that depends on the services, which did not answer: one sentence saying so
 * (never "No tokens yet", which would tell the visitor their tokens are gone) and a Retry.
 */
export function Unavailable({ sentence, onRetry }: { sentence: string; onRetry: () => void }) {
  return (
    <div className="center unavailable" role="status">
      <p className="muted">{sentence}</p>
      <button type="button" className="secondary retry" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
