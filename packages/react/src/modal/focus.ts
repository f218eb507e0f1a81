const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
const FIELDS = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])'

const shown = (element: HTMLElement) => element.offsetParent !== null

/** Keeps Tab and Shift+Tab inside the dialog; the shadow root is where focus really lives. */
export function trapTab(event: KeyboardEvent, container: HTMLElement, root: ShadowRoot) {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => shown(element) || element === root.activeElement,
  )
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) {
    event.preventDefault()
    return
  }
  const active = root.activeElement
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * Where focus goes when a view appears: its first field (the first code box, Send's token, the name
 * field) when that is the view's first control; else `heading`, the view's title, so a screen reader
 * announces the new view and the next Tab reaches its controls. The title too when the field comes
 * after other controls (Connect's e-mail under the wallet rows: focusing it would scroll the list
 * away from its top), and on a touch screen for a text field, whose soft keyboard would cover the sheet.
 */
export function viewFocusTarget(
  view: HTMLElement,
  heading: HTMLElement | null,
  touch: boolean = matchMedia('(pointer: coarse)').matches,
): HTMLElement | null {
  const field = [...view.querySelectorAll<HTMLElement>(FIELDS)].find(shown)
  if (!field) return heading
  const firstControl = [...view.querySelectorAll<HTMLElement>(FOCUSABLE)].find(shown)
  if (firstControl !== field) return heading
  if (touch && field.matches(TEXT_ENTRY)) return heading
  return field
}

const TEXT_ENTRY = 'input:not([type="checkbox"], [type="radio"], [type="range"]), textarea'

/** The element that had focus in the page (looking through open shadow roots) before the modal opened. */
export function activeElementDeep(): HTMLElement | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}

/** True when nothing holds focus: the focused element was removed or disabled and the browser fell back to the body. */
export function focusIsLost(): boolean {
  const active = document.activeElement
  return active === null || active === document.body || active === document.documentElement
}
