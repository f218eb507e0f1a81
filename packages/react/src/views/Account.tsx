import { BALANCE_DISPLAY_DECIMALS, formatUnitsFloor, shortenAddress } from '@portico/core'
import { useState } from 'react'
import { useStore } from '../hooks.ts'
import type { ViewProps } from './registry.ts'

export default function Account({ portico }: ViewProps) {
  const account = useStore(portico.account)
  const balance = useStore(portico.balance)
  const [copied, setCopied] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!account.address) return null
  const { symbol, decimals } = portico.network.nativeCurrency

  const copy = async () => {
    await navigator.clipboard?.writeText(account.address ?? '').catch(() => undefined)
    setCopied(true)
    portico.toast.showSuccess('Address copied')
  }

  return (
    <div className="stack center">
      <span className="address-line">
        <span title={account.address}>{shortenAddress(account.address)}</span>
        <button type="button" className="icon-button" aria-label="Copy address" onClick={() => void copy()}>
          {copied ? '✓' : '⧉'}
        </button>
      </span>
      <output className="balance" aria-label="Balance">
        {balance.value === undefined
          ? balance.loading
            ? 'Loading balance…'
            : `— ${symbol}`
          : `${formatUnitsFloor(balance.value, decimals, BALANCE_DISPLAY_DECIMALS)} ${symbol}`}
      </output>
      <span className="muted">Network: {portico.network.name}</span>
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          await portico.disconnect().catch(() => undefined)
          setBusy(false)
        }}
      >
        Disconnect
      </button>
    </div>
  )
}
