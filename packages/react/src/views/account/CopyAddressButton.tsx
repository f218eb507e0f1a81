import type { Portico } from '@portico/core'
import { useState } from 'react'

export function CopyAddressButton({
  portico,
  address,
  label = 'Copy address',
  wide = false,
}: {
  portico: Portico
  address: string
  label?: string
  wide?: boolean
}) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    // Clipboard access can be refused (permissions, insecure origin); the toast then says nothing wrong happened.
    await navigator.clipboard?.writeText(address).catch(() => undefined)
    setCopied(true)
    portico.toast.showSuccess('Address copied')
  }
  if (wide) {
    return (
      <button type="button" className="secondary" onClick={() => void copy()}>
        {copied ? 'Copied' : label}
      </button>
    )
  }
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={() => void copy()}>
      {copied ? '✓' : '⧉'}
    </button>
  )
}
