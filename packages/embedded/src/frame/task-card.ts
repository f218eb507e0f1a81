import { h, onUserClick } from './dom.ts'
import { gateOnVisibility } from './visibility-gate.ts'

interface TaskButton {
  label: string
  /** The button a person means to press; drawn as the main one. */
  primary?: boolean
  run(): void
}

export interface TaskCard {
  card: HTMLElement
  /** Puts the card in `root` and focus on its heading, where reading starts; answers its teardown. */
  show(root: HTMLElement): () => void
  /** Shows a sentence under the text (or clears it with undefined); screen readers hear it. */
  say(message: string | undefined): void
  /**
   * Runs `step` with the buttons held and `waitingFor` said. A failure is put in words by `explain`
   * and the card stays for another try; the outcome says which happened.
   */
  attempt<T>(
    waitingFor: string,
    step: () => Promise<T>,
    explain: (error: unknown) => string,
  ): Promise<{ ok: true; value: T } | { ok: false }>
  buttons: HTMLButtonElement[]
}

/**
 * A frame card for a step the user takes in the frame (passkey, key export): a titled dialog whose
 * heading gets focus, an error line, and buttons that answer only to a real press. Esc runs the
 * first button, which is always the way out.
 */
export function taskCard(
  id: string,
  title: string,
  body: Node[],
  buttons: [TaskButton, ...TaskButton[]],
): TaskCard {
  const heading = h('h1', { id, tabindex: '-1' }, title)
  const status = h('p', { class: 'error', role: 'alert' })
  const elements = buttons.map(({ label, primary }) =>
    h('button', { type: 'button', class: primary ? 'approve' : 'reject' }, label),
  )
  let running = false
  let gate: ReturnType<typeof gateOnVisibility> | undefined
  buttons.forEach((button, index) => {
    const element = elements[index]
    if (element) onUserClick(element, () => !running && !element.disabled && button.run())
  })
  const card = h(
    'div',
    { class: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id },
    heading,
    ...body,
    status,
    h('div', { class: 'actions' }, ...elements),
  )
  card.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !event.isTrusted || running) return
    event.preventDefault()
    buttons[0].run()
  })
  return {
    card,
    show(root) {
      root.replaceChildren(card)
      heading.focus()
      // A click on a frame that has just moved is dropped by the browser, and the main button is
      // what a page overlaying the frame would trick a user into: both wait as the approval's do.
      const primaryIndex = Math.max(
        buttons.findIndex((button) => button.primary),
        0,
      )
      const primary = elements[primaryIndex] as HTMLButtonElement
      gate = gateOnVisibility(
        primary,
        elements.filter((element) => element !== primary),
        () => running,
      )
      return () => gate?.stop()
    },
    buttons: elements,
    say(message) {
      status.textContent = message ?? ''
    },
    async attempt(waitingFor, step, explain) {
      const hold = (held: boolean) => {
        running = held
        gate?.refresh()
      }
      hold(true)
      status.textContent = waitingFor
      try {
        const value = await step()
        hold(false)
        return { ok: true as const, value }
      } catch (error) {
        hold(false)
        status.textContent = explain(error)
        return { ok: false as const }
      }
    },
  }
}
