import type { ReactNode } from 'react'

/**
 * The modal's icons: 24-unit line drawings at 20 px in the text's own colour. They are decoration
 * only — the control that shows one carries its name (`aria-label` or its text) — so each is hidden
 * from assistive technology and never takes focus.
 */
function Icon({ children, size = 20 }: { children: ReactNode; size?: number | undefined }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

interface IconProps {
  size?: number | undefined
}

export function BackIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M15 18l-6-6 6-6" />
    </Icon>
  )
}

export function CloseIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M18 6L6 18M6 6l12 12" />
    </Icon>
  )
}

/** A row that leads to another view. */
export function ChevronIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M9 18l6-6-6-6" />
    </Icon>
  )
}

export function CopyIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </Icon>
  )
}

export function CheckIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M20 6L9 17l-5-5" />
    </Icon>
  )
}

/** Something went wrong: an exclamation mark in a circle. */
export function AlertIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
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

export function WalletIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M19 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4M21 17v3a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6" />
      <path d="M21 12h-4a2 2 0 0 0 0 4h4z" />
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
