/**
 * While the modal is open the page behind it is inert — no clicks, no focus, hidden from screen
 * readers — and does not scroll. Left alone: the modal's own host, the embedded wallet's secure frame
 * (an iframe on <body> that draws approvals over the modal) and what the page adds meanwhile.
 * Returns the unlock, which restores exactly what it changed.
 */
export function lockPage(host: Element): () => void {
  const made: HTMLElement[] = []
  for (const element of Array.from(document.body.children)) {
    if (element === host || !(element instanceof HTMLElement)) continue
    if (element instanceof HTMLIFrameElement || element.inert) continue
    element.inert = true
    made.push(element)
  }
  const page = document.documentElement
  const { overflow, scrollbarGutter } = page.style
  // A page with a classic scrollbar keeps its room, so it does not shift sideways under the backdrop;
  // overlay scrollbars (phones) take none, and neither does a page that does not scroll.
  if (window.innerWidth > page.clientWidth) page.style.scrollbarGutter = 'stable'
  page.style.overflow = 'hidden'
  return () => {
    for (const element of made) element.inert = false
    page.style.overflow = overflow
    page.style.scrollbarGutter = scrollbarGutter
  }
}
