import type { Portico } from '@portico/core'
import { countdownText, opensOnPhone, safeIcon } from '@portico/core/internal'
import type { ExplorerWallet } from '@portico/core/shared'
import { CheckIcon } from '../../components/icon.tsx'
import { CopyIcon, ExternalIcon } from '../../components/icons.tsx'
import { QrCode } from '../../components/QrCode.tsx'
import { useCopied } from '../../components/use-copied.ts'
import { WalletImage } from '../../components/WalletImage.tsx'
import { usePhone } from '../use-phone.ts'
import { RelayNote } from './RelayNote.tsx'
import { type PairingProblem, usePairing, useRemaining } from './use-pairing.ts'
import { navigationFor, WalletLink } from './WalletLink.tsx'
import './walletconnect-css.ts'

/**
 * The pairing code both QR views show: the QR drawn by us from the URI, how long it is still good
 * for, and the URI to copy for a wallet on this device. While the code is being made the view says
 * so; when it cannot be made, it says why and offers to try again. On a phone, for a wallet the
 * visitor tapped, there is no QR (this phone would scan it): the wallet, and `Open {wallet}` again.
 */
export function PairingCode({
  portico,
  compact = false,
  wallet,
}: {
  portico: Portico
  compact?: boolean
  /** A wallet of the list the visitor picked: a button opens it with the code, as its links say. */
  wallet?: ExplorerWallet | undefined
}) {
  const { pairing, problem, blocked, retry } = usePairing(portico)
  const phone = usePhone()
  const remaining = useRemaining(pairing.expiresAt)
  if (blocked && problem) return <PairingFailed problem={problem} retry={retry} />
  const uri = pairing.status === 'ready' ? pairing.uri : undefined
  const expiresAt = pairing.expiresAt
  // A phone would scan nothing: for the wallet the visitor tapped, that wallet and its link again.
  // A wallet with no link on a phone keeps the code and its link to copy.
  const waitForWallet = phone && wallet && opensOnPhone(wallet)
  return (
    <div className="stack center wc-pairing">
      {waitForWallet && (
        <WalletImage name={wallet.name} icon={safeIcon(wallet.image_url ?? undefined)} large />
      )}
      {problem && (
        <p role="alert" className="error">
          {problem.message}
        </p>
      )}
      {!uri ? (
        <Making />
      ) : (
        <>
          {waitForWallet && <p>Continue in {wallet.name}</p>}
          {wallet && <OpenWallet wallet={wallet} uri={uri} expiresAt={expiresAt} phone={phone} />}
          {waitForWallet ? (
            <p className="muted">Approve the connection in the wallet, then come back to this page.</p>
          ) : (
            <>
              <div className="wc-qr">
                <QrCode value={uri} label="WalletConnect QR code" size={compact ? 200 : 240} />
              </div>
              {!compact && <p>Scan with your phone</p>}
              <p className="muted">Open a WalletConnect wallet and scan this code to connect.</p>
            </>
          )}
          <RelayNote portico={portico} />
          <Countdown remaining={remaining} />
          <CopyLink portico={portico} uri={uri} />
        </>
      )}
    </div>
  )
}

function Countdown({ remaining }: { remaining: number }) {
  return (
    <p className="muted wc-countdown" role="timer" aria-live="off">
      Code refreshes in <span data-testid="wc-countdown">{countdownText(remaining)}</span>
    </p>
  )
}

function Making() {
  return (
    <p role="status" className="wc-making">
      Making a connection code…
    </p>
  )
}

/** `Open {wallet}`: the wallet's own link with the code, as its links say for this device. */
function OpenWallet({
  wallet,
  uri,
  expiresAt,
  phone,
}: {
  wallet: ExplorerWallet
  uri: string
  expiresAt: number | undefined
  phone: boolean
}) {
  const navigation = navigationFor(wallet, uri, phone)
  if (!navigation) return null
  return (
    <WalletLink navigation={navigation} expiresAt={expiresAt} className="primary">
      Open {wallet.name}
      {navigation.target === '_blank' && <ExternalIcon size={16} />}
    </WalletLink>
  )
}

export function PairingFailed({ problem, retry }: { problem: PairingProblem; retry: () => void }) {
  return (
    <div className="stack center">
      <p role="alert" className="error">
        {problem.message}
      </p>
      <button type="button" className="primary" onClick={retry}>
        Try again
      </button>
    </div>
  )
}

export function CopyLink({ portico, uri }: { portico: Portico; uri: string }) {
  const { copied: done, copy: write } = useCopied(uri)
  const copy = async () => {
    // A refused clipboard is said rather than pretended.
    if (await write()) portico.toast.showSuccess('Link copied')
    else portico.toast.showError('Could not copy the link')
  }
  return (
    <button type="button" className="secondary" onClick={() => void copy()}>
      {done ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
      {done ? 'Copied' : 'Copy link'}
    </button>
  )
}
