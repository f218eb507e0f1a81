import type { Portico } from '@portico/core'
import { addViewCss } from '../../modal/view-css.ts'

addViewCss(`
.legal { display: flex; gap: 10px; align-items: flex-start; font-size: 0.9em; }
.legal input { width: 20px; height: 20px; margin: 2px 0 0; flex: none; accent-color: var(--portico-accent); }
`)

/** The checkbox with the host's links, each opened in a new tab. */
export default function LegalCheckbox({
  portico,
  agreed,
  agree,
  reasonId,
}: {
  portico: Portico
  agreed: boolean
  agree(ticked: boolean): void
  reasonId: string
}) {
  const { termsConditionsUrl, privacyPolicyUrl } = portico.options
  const link = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  )
  return (
    <div className="stack">
      <label className="legal">
        <input type="checkbox" checked={agreed} onChange={(event) => agree(event.target.checked)} />
        <span>
          I agree to the {termsConditionsUrl && link(termsConditionsUrl, 'Terms of Service')}
          {termsConditionsUrl && privacyPolicyUrl && ' and the '}
          {privacyPolicyUrl && link(privacyPolicyUrl, 'Privacy Policy')}
        </span>
      </label>
      {!agreed && (
        <p id={reasonId} className="muted">
          Tick the box above to connect.
        </p>
      )}
    </div>
  )
}
