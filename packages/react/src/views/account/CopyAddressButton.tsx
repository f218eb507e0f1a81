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
    // Clipboard access can be refused (permissions, an insecure origin): say so rather than pretend.
    const written = await (navigator.clipboard?.writeText(address) ?? Promise.reject()).then(
      () => true,
      () => false,
    )
    setCopied(written)
    if (written) portico.toast.showSuccess('Address copied')
    else portico.toast.showError('Could not copy the address')
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
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor">
        {copied ? (
          <path d="M3 8.5l3 3 7-7" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <>
            <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" strokeWidth="1.4" />
            <path
              d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5"
              strokeWidth="1.4"
            />
          </>
        )}
      </svg>
    </button>
  )
}
