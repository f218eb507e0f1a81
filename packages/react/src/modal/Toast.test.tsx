import type { Portico } from '@portico/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Toast } from './Toast.tsx'

type Variant = 'success' | 'error' | 'loading'

/** The toast as it renders for one open toast of `variant`. */
function toastMarkup(variant: Variant, message = 'Address copied'): string {
  const state = { open: true, message, variant, autoClose: true, id: 1 }
  const store = { getState: () => state, setState() {}, subscribe: () => () => {} }
  return renderToString(<Toast portico={{ toast: { store } } as unknown as Portico} />)
}

/** The markup of the toast's icon: what sits in its aria-hidden icon slot. */
const iconOf = (markup: string) =>
  /<span class="toast-icon" aria-hidden="true">(.*?)<\/span><span>/.exec(markup)?.[1]

describe('the toast', () => {
  it('marks success with a check and an error with an alert sign, drawn as SVG in the text colour', () => {
    const success = iconOf(toastMarkup('success')) ?? ''
    const error = iconOf(toastMarkup('error', 'Could not copy the address')) ?? ''
    expect(success).toMatch(/^<svg[^>]*stroke="currentColor"/)
    expect(success).toContain('d="M20 6L9 17l-5-5"')
    expect(error).toMatch(/^<svg[^>]*stroke="currentColor"/)
    expect(error).toContain('<circle')
    expect(error).not.toBe(success)
  })

  it('shows the spinner while loading, and the message as text beside every icon', () => {
    expect(iconOf(toastMarkup('loading', 'Sending…'))).toBe('<span class="spinner"></span>')
    for (const variant of ['success', 'error', 'loading'] as const) {
      expect(toastMarkup(variant, 'Words')).toMatch(/<span>Words<\/span><\/div><\/div>$/)
    }
  })
})
