type Child = Node | string

/**
 * An element with attributes and children. Text goes in as text nodes only: nothing a dapp, a
 * contract or the services sent is ever parsed as markup.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.append(...children)
  return element
}

/** A click or key press by the user, never one a script dispatched. */
export function onUserClick(button: HTMLButtonElement, run: () => void): void {
  button.addEventListener('click', (event) => {
    if (event.isTrusted) run()
  })
}
