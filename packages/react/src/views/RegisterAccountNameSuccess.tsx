import { nameOf } from '@portico/core/internal'
import { DoneState } from '../components/DoneState.tsx'
import { useStore } from '../hooks.ts'
import './names/names-css.ts'
import type { ViewProps } from './types.ts'

/** The name is the account's now (behaviour §2 RegisterAccountNameSuccess): say so, and the way back. */
export default function RegisterAccountNameSuccess({ portico }: ViewProps) {
  const { address } = useStore(portico.account)
  const name = nameOf(useStore(portico.names.identities), address)

  return (
    <DoneState title="Account name chosen successfully" className="name-done">
      {name && (
        <p className="chosen" title={name}>
          {name}
        </p>
      )}
      <p className="muted">Apps on {portico.network.name} now show this name instead of your address.</p>
      <button type="button" className="primary" onClick={() => portico.router.reset('Account')}>
        Go to profile
      </button>
    </DoneState>
  )
}
