import type { ReactNode } from 'react'

/**
 * The modal's icons: 24-unit line drawings at 20 px in the text's own colour. They are decoration
 * only — the control that shows one carries its name (`aria-label` or its text) — so each is hidden
 * from assistive technology and never takes focus. The header's and the toast's are here, in
 * the first download with the modal; the others (`icons.tsx`) come with the views that show them.
 */
export function Icon({ children, size = 20 }: { children: ReactNode; size?: number | undefined }) {
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

export interface IconProps {
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
