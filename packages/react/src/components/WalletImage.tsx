import { monogram } from '@portico/core/internal'
import { useState } from 'react'

/**
 * A wallet's icon as an <img>, never as markup; when it has none, or its image does not load, its
 * initials on a tile of a colour its name picks, so two wallets without logos tell apart and the
 * tile shows on the card's own background too.
 */
export function WalletImage({ name, icon, large = false }: { name: string; icon?: string; large?: boolean }) {
  const [failed, setFailed] = useState(false)
  const className = `wallet-image${large ? ' large' : ''}`
  if (icon && !failed)
    return (
      <img className={className} src={icon} alt="" width={40} height={40} onError={() => setFailed(true)} />
    )
  return (
    <span
      className={`${className} monogram`}
      aria-hidden="true"
      style={{ background: `hsl(${hueOf(name)} 45% 30%)` }}
    >
      {monogram(name)}
    </span>
  )
}

/** A hue from the name's characters: the same wallet always gets the same tile. */
export function hueOf(name: string): number {
  let hash = 0
  for (const character of name.trim().toLowerCase())
    hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0
  return hash % 360
}
