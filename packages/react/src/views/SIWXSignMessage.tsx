import { shortenAddress } from '@portico/core'
import { errorMessage } from '@portico/core/internal'
import { useStore } from '../hooks.ts'
import type { ViewProps } from './types.ts'

/** Asks the already connected wallet to prove its address by signing (behaviour §4 sign-in flow). */
export default function SIWXSignMessage({ portico }: ViewProps) {
  const { address } = useStore(portico.account)
  const name = portico.options.metadata?.name ?? 'This app'
  const required = portico.siwx.isRequired()

  const sign = () =>
    // Precondition failures (behaviour §5 texts) reach the person as a toast, like a failed signature.
    portico.siwx.signIn().catch((error: unknown) => portico.toast.showError(errorMessage(error)))

  return (
    <div className="stack center">
      {address && (
        <p className="address-line" title={address}>
          {shortenAddress(address)}
        </p>
      )}
      <p>
        {required ? `${name} asks you to sign in` : `Sign in to ${name}`} with a signature from your wallet.
      </p>
      <p className="muted">
        It proves this address is yours. It costs nothing and sends no transaction.
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
