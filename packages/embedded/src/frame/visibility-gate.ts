/** How long the browser must see the button whole before it may be pressed. */
const VISIBLE_FOR_MS = 100
/**
 * How long the frame must have kept its size and place. Chromium itself drops clicks on a
 * cross-origin frame that moved within about this long; a button that looked enabled then would
 * swallow the click without a word, so it stays disabled until the frame has been still this long.
 */
const STILL_FOR_MS = 500

interface VisibilityEntry extends IntersectionObserverEntry {
  isVisible?: boolean
}

/**
 * A page cannot click inside this frame, but it can style the iframe element: make it transparent,
 * cover it, or slide it under the pointer just before a click (clickjacking). So Approve is enabled
 * only once the frame has stood still for a moment and, where the browser can tell (IntersectionObserver
 * v2, which counts the embedding page's opacity, filters, transforms and overlapping elements), while
 * it reports the button fully visible and unobscured.
 */
export function gateOnVisibility(
  button: HTMLButtonElement,
  /** Buttons whose press does no harm, which need the frame still but not proven visible. */
  harmless: HTMLButtonElement[] = [],
  /** True while the caller holds every button disabled itself (a step is running). */
  held: () => boolean = () => false,
): { isVisible(): boolean; refresh(): void; stop(): void } {
  let stillSince = performance.now()
  let visible = false
  let tracked = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const isStill = () => performance.now() - stillSince >= STILL_FOR_MS
  const apply = () => {
    button.disabled = held() || !gate.isVisible()
    for (const other of harmless) other.disabled = held() || !isStill()
  }
  // The page sizes and centres the iframe, so a move shows in here as a resize of the viewport.
  const moved = () => {
    stillSince = performance.now()
    apply()
    clearTimeout(timer)
    timer = setTimeout(apply, STILL_FOR_MS)
  }
  const observer = new IntersectionObserver(
    (entries) => {
      const last = entries[entries.length - 1] as VisibilityEntry | undefined
      if (last?.isVisible === undefined) return
      tracked = true
      visible = last.isVisible
      apply()
    },
    { threshold: [1], trackVisibility: true, delay: VISIBLE_FOR_MS } as IntersectionObserverInit,
  )
  observer.observe(button)
  window.addEventListener('resize', moved)
  timer = setTimeout(apply, STILL_FOR_MS)
  const gate = {
    isVisible: () => (!tracked || visible) && isStill(),
    refresh: () => apply(),
    stop() {
      observer.disconnect()
      window.removeEventListener('resize', moved)
      clearTimeout(timer)
    },
  }
  apply()
  return gate
}
