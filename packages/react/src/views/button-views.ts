import { lazyView } from './lazy-view.ts'

/**
 * The two views the modal opens on: Connect while disconnected, Account once connected. Neither is
 * in the page's first download (a visitor who never connects never fetches them); the connect
 * button fetches the one it will open as soon as a pointer, a finger or focus reaches it.
 */
export const Connect = lazyView(() => import('./Connect.tsx'))
export const Account = lazyView(() => import('./Account.tsx'))

/** Starts fetching the view `open()` is about to show. */
export function preloadOpeningView(connected: boolean): void {
  ;(connected ? Account : Connect).preload()
}
