import { Icon, type IconProps } from './icon.tsx'

/*
 * The icons Connect draws in its first paint, apart from the others (icons.tsx): Connect's chunk
 * carries only these.
 */

/** A row that leads to another view. */
export function ChevronIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M9 18l6-6-6-6" />
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
