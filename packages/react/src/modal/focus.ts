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
 * Where focus goes when a view appears: its first field (the e-mail field, the first code box,
 * Send's amount); else `heading`, the view's title, so a screen reader announces the new view and
 * the next Tab reaches its controls.
 */
export function viewFocusTarget(view: HTMLElement, heading: HTMLElement | null): HTMLElement | null {
  return [...view.querySelectorAll<HTMLElement>(FIELDS)].find(shown) ?? heading
}

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
