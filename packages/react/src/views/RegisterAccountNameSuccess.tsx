import { nameOf } from '@portico/core'
import { useEffect, useRef } from 'react'
import { DoneMark } from '../components/DoneMark.tsx'
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
      <DoneMark />
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
