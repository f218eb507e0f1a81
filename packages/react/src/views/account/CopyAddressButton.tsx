import type { Portico } from '@portico/core'
import { useState } from 'react'
import { CheckIcon } from '../../components/icon.tsx'
import { CopyIcon } from '../../components/icons.tsx'

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
        {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
        {copied ? 'Copied' : label}
      </button>
    )
  }
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={() => void copy()}>
      {copied ? <CheckIcon /> : <CopyIcon />}
    </button>
  )
}
