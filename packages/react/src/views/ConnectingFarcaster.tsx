import { errorMessage } from '@portico/core/internal'
import { useEffect, useState } from 'react'
import { ExternalIcon } from '../components/icons.tsx'
import { QrCode } from '../components/QrCode.tsx'
import type { ViewProps } from './types.ts'
import { usePhone } from './use-phone.ts'
import { CopyLink } from './walletconnect/PairingCode.tsx'
import './walletconnect/walletconnect-css.ts'

/** How often the page asks the secure frame whether the Farcaster app signed. */
const STATUS_EVERY_MS = 1000

type Step = { kind: 'opening' } | { kind: 'waiting'; url: string } | { kind: 'failed'; message: string }

/**
 * Sign In With Farcaster (behaviour §2 ConnectingFarcaster): the secure frame opens a channel of its own
 * (the page never holds one that could log in), the page shows its link as a QR code (on a phone
 * "Open Farcaster" instead) with Copy link and asks the frame until the Farcaster app signed; the frame then logs in
 * with it and the modal is connected.
 */
export default function ConnectingFarcaster({ portico }: ViewProps) {
  const phone = usePhone()
  const [step, setStep] = useState<Step>({ kind: 'opening' })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how Try again opens a new channel
  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    const run = async () => {
      setStep({ kind: 'opening' })
      const url = await portico.embedded.startFarcaster()
      if (signal.aborted) return
      setStep({ kind: 'waiting', url })
      await portico.embedded.waitForFarcaster(signal, STATUS_EVERY_MS)
    }
    run().catch((error: unknown) => {
      if (signal.aborted) return
      setStep({ kind: 'failed', message: (error as { reason?: string }).reason ?? errorMessage(error) })
    })
    return () => controller.abort()
  }, [portico, attempt])

  if (step.kind === 'failed')
    return (
      <div className="stack center">
        <p role="alert" className="error">
          {step.message}
        </p>
        <button type="button" className="primary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    )
  if (step.kind !== 'waiting')
    return (
      <div className="stack center">
        <p role="status">Making a sign-in code…</p>
      </div>
    )
  const { url } = step
  return (
    <div className="stack center">
      {phone ? (
        // A phone would scan nothing: the app on this phone opens from the link.
        <>
          <a className="primary" href={url}>
            Open Farcaster
            <ExternalIcon size={16} />
          </a>
          <p className="muted">Approve the sign-in in the Farcaster app, then come back to this page.</p>
        </>
      ) : (
        <>
          <div className="wc-qr">
            <QrCode value={url} label="Farcaster sign-in QR code" size={240} />
          </div>
          <p>Scan with your phone</p>
          <p className="muted">Scan this code with the Farcaster app and approve the sign-in.</p>
        </>
      )}
      <p role="status" className="muted">
        Waiting for Farcaster…
      </p>
      <CopyLink portico={portico} uri={url} />
    </div>
  )
}
