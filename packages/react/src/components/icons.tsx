import { Icon, type IconProps } from './icon.tsx'

export function CopyIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </Icon>
  )
}

/** A link that opens another site in a new tab. */
export function ExternalIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Icon>
  )
}

/** Send: out of the wallet. */
export function ArrowUpIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M7 17L17 7M8 7h9v9" />
    </Icon>
  )
}

/** Receive: into the wallet. */
export function ArrowDownIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M17 7L7 17M16 17H7V8" />
    </Icon>
  )
}

/** Any other transaction: two opposite arrows. */
export function SwapIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M7 4v16M3 8l4-4 4 4M17 20V4M21 16l-4 4-4-4" />
    </Icon>
  )
}

/** A bank card: buying with fiat. */
export function CardIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </Icon>
  )
}
