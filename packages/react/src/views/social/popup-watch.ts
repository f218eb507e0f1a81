/**
 * What the page can tell about the login popup, looking every half second.
 *
 * A provider whose pages send a Cross-Origin-Opener-Policy (Google's do) cuts the popup from the
 * page the moment its first page loads: from then on the page's handle reads `closed` although the
 * window is open. The two cases differ in what came before: a popup the visitor closes was seen on
 * the provider's page first (its location unreadable, not closed); a cut one turns `closed` straight
 * from the blank page the click opened.
 */
export type PopupState = 'open' | 'closed' | 'cut'

export interface PopupWatch {
  /** Whether the page has pointed the popup at the login yet. */
  pointed: boolean
  /** Whether the popup was once seen open on another origin's page. */
  left: boolean
}

export function lookAtPopup(popup: Pick<Window, 'closed' | 'location'>, watch: PopupWatch): PopupState {
  if (!popup.closed) {
    if (watch.pointed && !readable(popup)) watch.left = true
    return 'open'
  }
  // Closed before it was sent anywhere, or after it showed another origin's page: the visitor did it.
  return !watch.pointed || watch.left ? 'closed' : 'cut'
}

function readable(popup: Pick<Window, 'location'>): boolean {
  try {
    return typeof popup.location.href === 'string'
  } catch {
    return false
  }
}
