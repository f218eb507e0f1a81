/**
 * A picture of an address: a 5×5 grid mirrored left to right, in two colours, drawn from the address
 * itself so the same account always looks the same and another account looks different at a glance.
 * Every character of the address counts (lower-cased, so the checksummed and the plain spelling
 * agree); no network, no dependency, a few hundred bytes of SVG.
 */
export interface IdenticonPattern {
  /** 5 rows of 5 cells, true where the foreground shows; each row reads the same both ways. */
  cells: boolean[][]
  foreground: string
  background: string
}

const SIZE = 5
const HALF = Math.ceil(SIZE / 2)

/** FNV-1a over the address's characters: one 32-bit seed that every character moves. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** mulberry32: a small, well-mixed generator of numbers in [0, 1) from that seed. */
function generator(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function identicon(address: string): IdenticonPattern {
  const random = generator(seedOf(address.trim().toLowerCase()))
  const hue = Math.floor(random() * 360)
  // Bright cells on a deep background of a far-away hue: readable on the dark and the light theme.
  const foreground = `hsl(${hue} ${60 + Math.floor(random() * 25)}% ${55 + Math.floor(random() * 12)}%)`
  const backgroundHue = (hue + 120 + Math.floor(random() * 120)) % 360
  const background = `hsl(${backgroundHue} ${35 + Math.floor(random() * 25)}% ${18 + Math.floor(random() * 10)}%)`
  const cells = Array.from({ length: SIZE }, () => {
    const half = Array.from({ length: HALF }, () => random() < 0.5)
    return [...half, ...half.slice(0, SIZE - HALF).reverse()]
  })
  return { cells, foreground, background }
}

/** The cells as one SVG path of unit squares, in grid units. */
export function identiconPath(cells: boolean[][]): string {
  return cells.flatMap((row, y) => row.map((on, x) => (on ? `M${x} ${y}h1v1h-1z` : ''))).join('')
}

export function Identicon({ address, size = 64 }: { address: string; size?: number }) {
  const { cells, foreground, background } = identicon(address)
  return (
    <span className="identicon" style={{ width: size, height: size }} aria-hidden="true">
      {/* One cell of margin all round, so the circle cuts no cell in half. */}
      <svg
        width={size}
        height={size}
        viewBox="-1 -1 7 7"
        shapeRendering="crispEdges"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="-1" y="-1" width="7" height="7" fill={background} />
        <path d={identiconPath(cells)} fill={foreground} />
      </svg>
    </span>
  )
}
