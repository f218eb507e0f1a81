import { addViewCss } from '../modal/view-css.ts'

addViewCss(`
.done-mark { width: 56px; height: 56px; border-radius: 50%; display: inline-flex; align-items: center;
  justify-content: center; background: color-mix(in srgb, var(--portico-success) 18%, transparent);
  color: var(--portico-success); }
`)

/** The check at the top of a done state (a send, a chosen name); decoration, the heading says it. */
export function DoneMark() {
  return (
    <span className="done-mark">
      <svg
        aria-hidden="true"
        width="28"
        height="28"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  )
}
