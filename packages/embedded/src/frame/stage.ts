/** Something the frame draws for the user: an approval, a passkey step, the key export. */
export interface Scene {
  /** The page that asked for it; only that page is told to show the frame. */
  origin: string
  /** Draws into `root` and moves focus into it; answers a function that tears it down. */
  render(root: HTMLElement): () => void
}

type PostLayout = (origin: string, visible: boolean) => void

interface Entry {
  scene: Scene
}

/**
 * The frame's one place on screen. Scenes wait in line, the oldest shown; the page that asked for
 * the one on show is told to show the frame, and to hide it once nothing is left.
 */
export function createStage(root: HTMLElement, postLayout: PostLayout) {
  const line: Entry[] = []
  let shown: { entry: Entry; scene: Scene; teardown: () => void } | undefined

  function refresh() {
    const next = line[0]
    if (shown && next === shown.entry && next.scene === shown.scene) return
    const previous = shown
    previous?.teardown()
    shown = next ? { entry: next, scene: next.scene, teardown: next.scene.render(root) } : undefined
    if (!next) root.replaceChildren()
    if (previous && previous.scene.origin !== next?.scene.origin) postLayout(previous.scene.origin, false)
    if (next) postLayout(next.scene.origin, true)
  }

  new ResizeObserver(() => {
    if (shown) postLayout(shown.scene.origin, true)
  }).observe(root)

  return {
    /** Puts `scene` in line. `update` redraws it with new content; `leave` takes it off. */
    enter(scene: Scene) {
      const entry: Entry = { scene }
      line.push(entry)
      refresh()
      return {
        update(next: Scene) {
          entry.scene = next
          refresh()
        },
        leave() {
          const index = line.indexOf(entry)
          if (index === -1) return
          line.splice(index, 1)
          refresh()
        },
      }
    },
  }
}

export type Stage = ReturnType<typeof createStage>
