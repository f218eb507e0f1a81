import { useState } from 'react'
import { lazyPart, useLazyPart } from '../lazy-part.ts'
import type { ViewProps } from '../types.ts'
import { openSocialPopup } from './popup.ts'
import { type OfferedSocial, SOCIAL_LABEL } from './providers.ts'
import './social-css.ts'

// The providers' marks are the heaviest part of Connect: they follow its first paint, which the
// buttons' names already make usable.
const marks = lazyPart(() => import('./SocialIcon.tsx'))

/** Icons of the row beside "more" when they do not all fit in the modal's width. */
const ROW_SLOTS = 5

/**
 * Social login in Connect: the first provider as a wide "Continue with …" button, the others as
 * a row of icons, with "more" when they do not fit. A popup provider's click opens the popup right
 * here, in the click (a window opened after an await is blocked); Farcaster shows its QR code.
 */
export function SocialButtons({ portico, providers }: ViewProps & { providers: OfferedSocial[] }) {
  const [expanded, setExpanded] = useState(false)
  const SocialIcon = useLazyPart(marks, providers.length > 0)?.SocialIcon ?? MarkPlaceholder
  const [first, ...others] = providers
  if (!first) return null
  const folded = !expanded && others.length > ROW_SLOTS
  const row = folded ? others.slice(0, ROW_SLOTS - 1) : others

  const choose = (provider: OfferedSocial) => {
    if (provider === 'farcaster') return portico.router.push('ConnectingFarcaster')
    if (!openSocialPopup()) {
      portico.toast.showError(`Allow pop-ups for this page to log in with ${SOCIAL_LABEL[provider]}`)
      return
    }
    portico.router.push('ConnectingSocial', { socialProvider: provider })
  }

  return (
    <div className="stack social-login">
      <button type="button" className="row-button social-wide" onClick={() => choose(first)}>
        <SocialIcon provider={first} />
        <span className="label">Continue with {SOCIAL_LABEL[first]}</span>
      </button>
      {others.length > 0 && (
        <ul className="social-row" aria-label="Other social logins">
          {row.map((provider) => (
            <li key={provider}>
              <button
                type="button"
                className="social-icon-button"
                aria-label={`Continue with ${SOCIAL_LABEL[provider]}`}
                title={SOCIAL_LABEL[provider]}
                onClick={() => choose(provider)}
              >
                <SocialIcon provider={provider} />
              </button>
            </li>
          ))}
          {folded && (
            <li>
              <button
                type="button"
                className="social-icon-button"
                aria-label="More social logins"
                title="More"
                onClick={() => setExpanded(true)}
              >
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <circle cx="5" cy="12" r="2" fill="currentColor" />
                  <circle cx="12" cy="12" r="2" fill="currentColor" />
                  <circle cx="19" cy="12" r="2" fill="currentColor" />
                </svg>
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  )
}

/** The mark's room while its code is on its way, so the buttons do not move when it lands. */
function MarkPlaceholder(_mark: { provider: OfferedSocial }) {
  return <span className="icon" style={{ width: 20, height: 20 }} aria-hidden="true" />
}
