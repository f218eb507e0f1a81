import {
  countdownText,
  type ExplorerWallet,
  isTelegramAndroid,
  type Portico,
  walletNavigation,
} from '@portico/core'
import { useState } from 'react'
import { CheckIcon, CopyIcon, ExternalIcon } from '../../components/icons.tsx'
import { QrCode } from '../../components/QrCode.tsx'
import { usePhone } from '../use-phone.ts'
import { type PairingProblem, usePairing, useRemaining } from './use-pairing.ts'
import './walletconnect-css.ts'

/**
 * The pairing code both QR views show: the QR drawn by us from the URI, how long it is still good
 * for, and the URI to copy for a wallet on this device. While the code is being made the view says
 * so; when it cannot be made, it says why and offers to try again.
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
  const remaining = useRemaining(pairing.expiresAt)
  if (blocked && problem) return <PairingFailed problem={problem} retry={retry} />
  const uri = pairing.status === 'ready' ? pairing.uri : undefined
  return (
    <div className="stack center wc-pairing">
      {problem && (
        <p role="alert" className="error">
          {problem.message}
        </p>
      )}
      {uri ? (
        <>
          {wallet && <OpenWallet wallet={wallet} uri={uri} />}
          <div className="wc-qr">
            <QrCode value={uri} label="WalletConnect QR code" size={compact ? 200 : 240} />
          </div>
          {!compact && <p>Scan with your phone</p>}
          <p className="muted">Open a WalletConnect wallet and scan this code to connect.</p>
          <p className="muted wc-countdown" role="timer" aria-live="off">
            Code refreshes in <span data-testid="wc-countdown">{countdownText(remaining)}</span>
          </p>
          <CopyLink portico={portico} uri={uri} />
        </>
      ) : (
        <p role="status" className="wc-making">
          Making a connection code…
        </p>
      )}
    </div>
  )
}

/**
 * `Open {wallet}`: a link, so the navigation happens inside the tap with the code made before it
 * (a phone's app opens in this tab and takes over; a desktop or web app in a new one).
 */
function OpenWallet({ wallet, uri }: { wallet: ExplorerWallet; uri: string }) {
  const phone = usePhone()
  const telegramAndroid = isTelegramAndroid({
    userAgent: navigator.userAgent,
    hasTelegramWebView: 'TelegramWebviewProxy' in window,
  })
  const navigation = walletNavigation(wallet, uri, {
    platform: phone ? 'mobile' : 'desktop',
    telegramAndroid,
  })
  if (!navigation) return null
  return (
    <a
      className="primary"
      href={navigation.href}
      target={navigation.target}
      rel={navigation.target === '_blank' ? 'noopener noreferrer' : undefined}
    >
      Open {wallet.name}
      {navigation.target === '_blank' && <ExternalIcon size={16} />}
    </a>
  )
}

function PairingFailed({ problem, retry }: { problem: PairingProblem; retry: () => void }) {
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

function CopyLink({ portico, uri }: { portico: Portico; uri: string }) {
  const [copied, setCopied] = useState<string | undefined>(undefined)
  const copy = async () => {
    // Clipboard access can be refused (permissions, an insecure origin): say so rather than pretend.
    const written = await (navigator.clipboard?.writeText(uri) ?? Promise.reject()).then(
      () => true,
      () => false,
    )
    setCopied(written ? uri : undefined)
    if (written) portico.toast.showSuccess('Link copied')
    else portico.toast.showError('Could not copy the link')
  }
  const done = copied === uri
  return (
    <button type="button" className="secondary" onClick={() => void copy()}>
      {done ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
      {done ? 'Copied' : 'Copy link'}
    </button>
  )
}
