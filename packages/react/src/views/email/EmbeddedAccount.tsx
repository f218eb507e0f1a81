import type { EmbeddedUser } from '@portico/core'
import { errorMessage, type View } from '@portico/core/internal'
import { useEffect, useState } from 'react'
import { ChevronIcon } from '../../components/wallet-icons.tsx'
import { useStore } from '../../hooks.ts'
import { type OfferedSocial, SOCIAL_LABEL } from '../social/providers.ts'
import type { ViewProps } from '../types.ts'
import './email-css.ts'

/** The provider's name as the Connect view shows it; an unknown one as the services name it. */
const socialLabel = (provider: string) =>
  provider in SOCIAL_LABEL ? SOCIAL_LABEL[provider as OfferedSocial] : provider

const ACCOUNT_TYPE_LABEL = { eoa: 'EOA', smartAccount: 'Smart account' } as const

/** For an embedded-wallet user: the e-mail (or the social provider and user name), the account type, and the way to change the e-mail. */
export function EmbeddedAccount({ portico }: ViewProps) {
  const account = useStore(portico.account)
  const [user, setUser] = useState<EmbeddedUser>()
  const [error, setError] = useState<string>()
  const [switching, setSwitching] = useState(false)
  const embedded = portico.embedded.isEmbedded(account.connectorId)

  useEffect(() => {
    if (!embedded) return
    let live = true
    portico.embedded
      .getUser()
      .then((next) => live && setUser(next))
      .catch((caught: unknown) => live && setError(errorMessage(caught)))
    return () => {
      live = false
    }
  }, [portico, embedded])

  // Reconnects with the other account: wagmi hears the new address, and the view the new user.
  const switchTo = async (next: 'eoa' | 'smartAccount') => {
    setSwitching(true)
    setError(undefined)
    try {
      await portico.embedded.setPreferredAccountType(next)
      setUser(await portico.embedded.getUser())
    } catch (caught) {
      setError(errorMessage(caught))
    } finally {
      setSwitching(false)
    }
  }

  if (!embedded) return null
  // Unknown until the frame answers: the badge waits rather than show a type the user may not have.
  const type = user
    ? (user.accounts.find((entry) => entry.address === user.address)?.type ?? 'eoa')
    : undefined
  const other = type === 'eoa' ? 'smartAccount' : 'eoa'
  // One list of what the user can do with the wallet, security first. Both e-mail steps send a code
  // to the user's address: a social login without one has neither.
  // Only a new key makes shares issued before worthless. The frame rotates a smart account's key, or,
  // where the chain has no smart accounts, moves the EOA's assets to a new address.
  const eoaOnly = user !== undefined && !user.accounts.some((entry) => entry.type === 'smartAccount')
  const rotatable = user?.rotationAdvised === true && (type === 'smartAccount' || eoaOnly)
  const settings: { label: string; view: View }[] = [
    ...(rotatable ? [{ label: 'Make recovery yours alone', view: 'RotateKey' as const }] : []),
    ...(user?.recovery === 'operator'
      ? [{ label: 'Protect with a passkey', view: 'ProtectWallet' as const }]
      : []),
    ...(user?.email !== null
      ? [
          { label: 'Export private key', view: 'ExportPrivateKey' as const },
          { label: 'Update email', view: 'UpdateEmailWallet' as const },
        ]
      : []),
  ]
  return (
    <div className="stack center">
      <span>
        {user?.social ? (
          <span data-testid="embedded-social">
            {socialLabel(user.social.provider)} · {user.social.username}
          </span>
        ) : (
          <span data-testid="embedded-email">{user?.email ?? '…'}</span>
        )}{' '}
        {type && (
          <span className="badge" title="Account type">
            {ACCOUNT_TYPE_LABEL[type]}
          </span>
        )}
        {/* On the e-mail's line, there from the start: the switch pushes nothing down when it appears. */}
        {type && (
          <>
            {' '}
            <button
              type="button"
              className="link-button"
              disabled={switching}
              onClick={() => void switchTo(other)}
            >
              {other === 'eoa' ? 'Use EOA' : 'Use smart account'}
            </button>
          </>
        )}
      </span>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {user?.recovery === 'operator' && (
        <p className="muted">This app can recover your wallet for you, so it could also do so without you.</p>
      )}
      {user?.recovery === 'passkey' && !user.rotationAdvised && (
        <p className="muted">Only your passkey can recover this wallet on a new device.</p>
      )}
      {user?.rotationAdvised && (
        <p className="muted" data-testid="rotation-advice">
          Recovery shares issued before stay valid until your wallet moves to a new key
          {rotatable ? '.' : ': switch to your smart account to move it.'}
        </p>
      )}
      {settings.length > 0 && (
        <ul className="list settings" aria-label="Wallet settings">
          {settings.map(({ label, view }) => (
            <li key={view}>
              <button type="button" className="row-button" onClick={() => portico.router.push(view)}>
                <span className="label">{label}</span>
                <span className="chevron">
                  <ChevronIcon />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
