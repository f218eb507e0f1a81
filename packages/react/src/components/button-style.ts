import { MODAL_DEFAULTS } from '@portico/core/internal'
import type { CSSProperties } from 'react'
import { ACCENT_FILL } from '../modal/styles.ts'

/**
 * The buttons live in the host page, outside the modal's shadow root; inline styles keep them
 * looking the same whatever the page's CSS does to `button`.
 */
export const buttonStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '8px',
  minHeight: '40px',
  padding: '0 14px',
  border: '1px solid rgba(255,255,255,0.12)',
  borderRadius: '999px',
  background: `var(--portico-accent-fill, ${ACCENT_FILL})`,
  color: '#fff',
  font: `600 14px/1 ${MODAL_DEFAULTS.fontFamily}`,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  // Shrinks with the page's header instead of pushing it wider than a phone's screen.
  minWidth: 0,
  maxWidth: '100%',
}

/** A phone's header: less padding, so the network and account buttons fit beside the page's brand. */
export const narrowButtonStyle: CSSProperties = { padding: '0 10px' }

/** A label that ends in an ellipsis when its button is squeezed. */
export const clipStyle: CSSProperties = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }
