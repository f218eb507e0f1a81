import { createStore } from '@portico/core'

/**
 * The views' own CSS, apart from the base theme so that a lazy view's rules travel in its chunk.
 * A CSS module adds its text when it is first imported; the modal's one <style> shows the base
 * theme, then each added text in the order it came (`ModalRoot.tsx`).
 */
export const viewCss = createStore<{ texts: readonly string[] }>({ texts: [] })

export function addViewCss(text: string): void {
  viewCss.setState(({ texts }) => (texts.includes(text) ? {} : { texts: [...texts, text] }))
}
