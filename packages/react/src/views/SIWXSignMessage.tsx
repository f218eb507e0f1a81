import { errorMessage } from '@portico/core'
import { useStore } from '../hooks.ts'
import type { ViewProps } from './types.ts'

/** Asks the connected wallet to prove its address by signing (behaviour §4 sign-in flow). */
export default function SIWXSignMessage({ portico }: ViewProps) {
  const { address } = useStore(portico.account)
  const name = portico.options.metadata?.name ?? 'This app'
  const required = portico.siwx.isRequired()

  const sign = () =>
    // Precondition failures (behaviour §5 texts) reach the person as a toast, like a failed signature.
    portico.siwx.signIn().catch((error: unknown) => portico.toast.showError(errorMessage(error)))

  return (
    <div className="stack center">
      <p>{name} needs to connect to your wallet</p>
      <p className="muted">
        Sign this message to prove you own {address ? `this wallet (${address})` : 'this wallet'} and to
        continue.
        {required ? ' Signing in is required to use this app.' : ''}
      </p>
      <button type="button" className="primary" onClick={() => void sign()}>
        Sign
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() =>
          void portico.siwx.cancel().catch((error: unknown) => portico.toast.showError(errorMessage(error)))
        }
      >
        {required ? 'Cancel and disconnect' : 'Cancel'}
      </button>
    </div>
  )
}
