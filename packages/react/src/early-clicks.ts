/**
 * On a server-rendered page the Connect button is visible before the app's JavaScript has run, and
 * a click then would be lost. Inlined in the page's <head> (before the app's script), this listener
 * remembers such a click; `PorticoProvider` opens the modal for it once the app has hydrated. It
 * only sets a flag: the click itself is left alone.
 */
export const EARLY_CLICK_SCRIPT =
  'addEventListener("click",function(e){var t=e.target;if(!window.__porticoReady&&t&&t.closest&&t.closest("[data-portico-button]"))window.__porticoEarlyClick=1},true)'

/** The attribute that marks a button as one of ours for `EARLY_CLICK_SCRIPT`. */
export const EARLY_CLICK_ATTRIBUTE = { 'data-portico-button': '' } as const

interface EarlyClickWindow {
  __porticoReady?: boolean
  __porticoEarlyClick?: number
}

/**
 * Marks the app as ready (React handles clicks from now on) and tells whether a click came
 * before, forgetting it so it is answered once.
 */
export function takeEarlyClick(): boolean {
  if (typeof window === 'undefined') return false
  const flags = window as unknown as EarlyClickWindow
  flags.__porticoReady = true
  const clicked = flags.__porticoEarlyClick === 1
  delete flags.__porticoEarlyClick
  return clicked
}
