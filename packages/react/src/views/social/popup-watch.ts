/**
 * What the page can tell about the login popup, looking every half second (issue 11).
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
  /** Whether the popup was seen open on another origin's page, on two looks in a row. */
  left: boolean
  /** Looks in a row that found it on another origin's page (absent: none yet). */
  away?: number
}

/**
 * One look at the popup. A single look that cannot read it proves little: on its way through the
 * services' redirect to a provider that cuts it, the popup can be caught between two pages; a page
 * the visitor saw stays for many looks.
 */
export function lookAtPopup(popup: Pick<Window, 'closed' | 'location'>, watch: PopupWatch): PopupState {
  if (!popup.closed) {
    watch.away = watch.pointed && !readable(popup) ? (watch.away ?? 0) + 1 : 0
    if (watch.away >= 2) watch.left = true
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
