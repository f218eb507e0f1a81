/**
 * A picture of an address: a soft gradient of three colours with two glows, drawn from the address
 * itself so the same account always looks the same and another account looks different at a glance.
 * Every character of the address counts (lower-cased, so the checksummed and the plain spelling
 * agree); no network, no dependency, a few hundred bytes of SVG.
 */
export interface IdenticonPattern {
  /** An id for the SVG's gradients, the same for the same address. */
  id: string
  /** The direction of the base gradient, in degrees. */
  angle: number
  /** The base gradient's two colours, from one corner to the other. */
  from: string
  to: string
  /** Two glows of other colours, at points of the unit square, fading out over `radius`. */
  glows: { x: number; y: number; radius: number; color: string }[]
}

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

const round = (value: number) => Math.round(value * 100) / 100

export function identicon(address: string): IdenticonPattern {
  const seed = seedOf(address.trim().toLowerCase())
  const random = generator(seed)
  const hue = Math.floor(random() * 360)
  // Neighbouring hues for the base, bright enough for the dark theme and deep enough for the light.
  const color = (offset: number, lightness: number) =>
    `hsl(${(hue + offset + 360) % 360} ${70 + Math.floor(random() * 20)}% ${lightness + Math.floor(random() * 10)}%)`
  const from = color(0, 55)
  const to = color(40 + Math.floor(random() * 60), 40)
  const glows = [0, 1].map(() => ({
    x: round(random()),
    y: round(random()),
    radius: round(0.45 + random() * 0.35),
    color: color(-90 + Math.floor(random() * 180), 60),
  }))
  return { id: `portico-identicon-${seed.toString(36)}`, angle: Math.floor(random() * 360), from, to, glows }
}

export function Identicon({ address, size = 64 }: { address: string; size?: number }) {
  const { id, angle, from, to, glows } = identicon(address)
  return (
    <span className="identicon" style={{ width: size, height: size }} aria-hidden="true">
      <svg width={size} height={size} viewBox="0 0 1 1" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={`${id}-base`} gradientTransform={`rotate(${angle} 0.5 0.5)`}>
            <stop offset="0" stopColor={from} />
            <stop offset="1" stopColor={to} />
          </linearGradient>
          {glows.map((glow, index) => (
            <radialGradient
              key={`${glow.x}-${glow.y}`}
              id={`${id}-glow${index}`}
              cx={glow.x}
              cy={glow.y}
              r={glow.radius}
              gradientUnits="userSpaceOnUse"
            >
              <stop offset="0" stopColor={glow.color} stopOpacity="0.9" />
              <stop offset="1" stopColor={glow.color} stopOpacity="0" />
            </radialGradient>
          ))}
        </defs>
        <rect width="1" height="1" fill={`url(#${id}-base)`} />
        {glows.map((glow, index) => (
          <rect key={`${glow.x}-${glow.y}`} width="1" height="1" fill={`url(#${id}-glow${index})`} />
        ))}
      </svg>
    </span>
  )
}
