import type { Portico } from '@portico/core'
import { CheckIcon } from '../../components/icon.tsx'
import { CopyIcon } from '../../components/icons.tsx'
import { useCopied } from '../../components/use-copied.ts'

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
  const { copied, copy: write } = useCopied(address)
  const copy = async () => {
    // A refused clipboard is said rather than pretended.
    if (await write()) portico.toast.showSuccess('Address copied')
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
