import { monogram } from '@portico/core/internal'
import { useState } from 'react'
import { safeImageUrl } from './image-url.ts'

/** A token's icon, or its monogram when there is none, it is not a safe URL, or it fails to load. */
export function TokenIcon({
  name,
  url,
  size = 36,
}: {
  name: string
  url?: string | undefined
  size?: number
}) {
  const [failed, setFailed] = useState(false)
  const src = safeImageUrl(url)
  if (src && !failed) {
    return (
      <img
        className="token-icon"
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    )
  }
  return (
    <span className="token-icon monogram" aria-hidden="true" style={{ width: size, height: size }}>
      {monogram(name)}
    </span>
  )
}
