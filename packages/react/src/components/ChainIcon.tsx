/**
 * The network's mark beside its name. The options carry no network image, so it is the name's
 * first letter in a filled circle: the same for the same network, and never a broken picture.
 */
export function ChainIcon({ name, size = 20 }: { name: string; size?: number }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?'
  return (
    <span className="chain-icon" style={{ width: size, height: size }} aria-hidden="true">
      {initial}
    </span>
  )
}
