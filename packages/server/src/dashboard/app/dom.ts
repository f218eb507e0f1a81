/**
 * The page is built from elements and text nodes only: every value that came from the database
 * (wallet names, error messages) goes in as `textContent`, never as markup.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  for (const child of children)
    element.append(typeof child === 'string' ? document.createTextNode(child) : child)
  return element
}

/** A table with a caption, column headers and row headers in the first column. */
export function table(caption: string, head: string[], rows: (string | number)[][]): HTMLTableElement {
  return el(
    'table',
    {},
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, ...head.map((label) => el('th', { scope: 'col' }, label)))),
    el(
      'tbody',
      {},
      ...rows.map(([first, ...rest]) =>
        el(
          'tr',
          {},
          el('th', { scope: 'row' }, String(first ?? '')),
          ...rest.map((value) =>
            el('td', typeof value === 'number' ? { class: 'number' } : {}, formatCell(value)),
          ),
        ),
      ),
    ),
  )
}

const formatCell = (value: string | number) =>
  typeof value === 'number' ? value.toLocaleString('en') : value

/** A titled section; its heading names it for assistive technology. */
export function section(id: string, title: string, ...children: Node[]): HTMLElement {
  const headingId = `${id}-title`
  return el(
    'section',
    { class: 'card', id, 'aria-labelledby': headingId },
    el('h2', { id: headingId }, title),
    ...children,
  )
}
