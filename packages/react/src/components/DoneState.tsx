import type { Portico } from '@portico/core'
import { Fragment, type ReactNode, useEffect, useRef } from 'react'
import { addViewCss } from '../modal/view-css.ts'

addViewCss(`
.done-state { display: flex; flex-direction: column; align-items: center; gap: 8px; text-align: center; }
.done-state .actions { display: flex; flex-direction: column; gap: 8px; width: 100%; }
.done-mark { width: 56px; height: 56px; border-radius: 50%; display: inline-flex; align-items: center;
  justify-content: center; background: color-mix(in srgb, var(--portico-success) 18%, transparent);
  color: var(--portico-success); }
.done-amount { font-size: 1.6em; font-weight: 600; margin: 0; overflow-wrap: anywhere; }
.done-details { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 4px 12px; margin: 8px 0; width: 100%;
  text-align: left; }
.done-details dt { color: var(--portico-fg-muted); }
.done-details dd { margin: 0; overflow-wrap: anywhere; text-align: right; }
`)

/**
 * The end of a flow (a send, a swap, a chosen name): a check, the news as a heading, what happened.
 * The button the visitor pressed is gone, so the heading takes its place in the focus order.
 */
export function DoneState({
  title,
  className = '',
  children,
}: {
  title: string
  className?: string
  children: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className={`done-state ${className}`.trim()}>
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
      <h3 ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {children}
    </div>
  )
}

/** One line of a done state's details: what it is, and its value (an address, a link). */
export interface DoneDetail {
  label: string
  value: ReactNode
  /** The whole value where the shown one is shortened (an address). */
  title?: string
}

/**
 * What a done state reports, the same for a send, a swap and a purchase: the amount that moved, in
 * large type, over label and value rows.
 */
export function DoneDetails({ amount, details }: { amount: string; details: readonly DoneDetail[] }) {
  return (
    <>
      <p className="done-amount">{amount}</p>
      <dl className="done-details">
        {details.map((detail) => (
          <Fragment key={detail.label}>
            <dt>{detail.label}</dt>
            <dd title={detail.title}>{detail.value}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  )
}

/** After a transaction: Activity with it on top, or the same flow again. */
export function DoneActions({
  portico,
  again,
  onAgain,
}: {
  portico: Portico
  again: string
  onAgain: () => void
}) {
  return (
    <div className="actions">
      <button
        type="button"
        className="primary"
        onClick={() => portico.router.reset('Account', { accountTab: 'activity' })}
      >
        View activity
      </button>
      <button type="button" className="secondary" onClick={onAgain}>
        {again}
      </button>
    </div>
  )
}
