import type { RequestOf } from '../protocol.ts'

type FrameTheme = RequestOf<'SYNC_THEME'>

/**
 * The page's theme variables the frame follows, each to its own property and the CSS property its
 * value must be valid for. The page is not trusted with the frame's look beyond these: a value is
 * set through the CSSOM (no stylesheet text is built from it) and only when the browser parses it
 * as that property, so nothing can hide the approve button or add rules of its own.
 */
const FOLLOWED = [
  // As in the modal: filled buttons take the accent when the page sets no fill of its own.
  [['--portico-accent-fill', '--portico-accent'], '--fill', 'color'],
  [['--portico-font-family'], '--font', 'font-family'],
  [['--portico-border-radius-master'], '--radius', 'border-radius'],
] as const

/** Applies the modal's theme mode and the followed variables; anything else the page sends is ignored. */
export function applyFrameTheme({ themeMode, themeVariables = {} }: FrameTheme): void {
  const root = document.documentElement
  root.classList.toggle('light', themeMode === 'light')
  for (const [variables, property, validFor] of FOLLOWED) {
    const value = variables.map((name) => themeVariables[name]).find((given) => given !== undefined)
    const text = typeof value === 'number' ? `${value}px` : value
    if (text !== undefined && text.length <= 200 && CSS.supports(validFor, text))
      root.style.setProperty(property, text)
    else root.style.removeProperty(property)
  }
}
