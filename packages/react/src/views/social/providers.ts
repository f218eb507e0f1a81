import type { SocialProvider } from '@portico/core'
import type { PopupSocialProvider } from '@portico/core/internal'

/** The social providers this build logs in with: the seven popup ones and Farcaster. */
export type OfferedSocial = PopupSocialProvider | 'farcaster'

export const SOCIAL_LABEL: Record<OfferedSocial, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  farcaster: 'Farcaster',
  telegram: 'Telegram',
}

/** `features.socials` in its order, without any provider this build has no login for. */
export const offeredSocials = (socials: readonly SocialProvider[]): OfferedSocial[] =>
  socials.filter((provider): provider is OfferedSocial => provider in SOCIAL_LABEL)

/**
 * Providers whose sign-in pages send `Cross-Origin-Opener-Policy: same-origin-allow-popups`, which cuts
 * the popup from the page (`popup-watch.ts`).
 */
export const CUTS_POPUP: ReadonlySet<OfferedSocial> = new Set(['google'])
