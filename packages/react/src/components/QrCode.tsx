import { useMemo } from 'react'
import { encode } from 'uqr'

/**
 * The QR code as SVG built from the module matrix: one path of unit squares. No markup string is
 * ever parsed, so nothing in `value` can become an element.
 */
export function QrCode({ value, size = 220, label }: { value: string; size?: number; label: string }) {
  const { path, modules } = useMemo(() => qrPath(value), [value])
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

/** `M x y h1 v1 h-1 z` per dark module; the quiet zone (border) is part of the matrix. */
export function qrPath(value: string): { path: string; modules: number } {
  const { data } = encode(value, { ecc: 'M', border: 2 })
  const parts: string[] = []
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`)
    })
  })
  return { path: parts.join(''), modules: data.length }
}
