import { nameOf } from '@portico/core'
import { useEffect, useRef } from 'react'
import { useStore } from '../hooks.ts'
import './names/names-css.ts'
import type { ViewProps } from './types.ts'

/** The name is the account's now (behaviour §2 RegisterAccountNameSuccess): say so, and the way back. */
export default function RegisterAccountNameSuccess({ portico }: ViewProps) {
  const { address } = useStore(portico.account)
  const name = nameOf(useStore(portico.names.identities), address)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])

  return (
    <div className="name-done">
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
        Account name chosen successfully
      </h3>
      {name && <p className="chosen">{name}</p>}
      <p className="muted">Apps on {portico.network.name} now show this name instead of your address.</p>
      <button type="button" className="primary" onClick={() => portico.router.reset('Account')}>
        Go to profile
      </button>
    </div>
  )
}
