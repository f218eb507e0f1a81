import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { addViewCss, useViewCss } from './view-css.ts'

function Texts() {
  return useViewCss().join(' ')
}

test('view CSS is kept once each, in the order it was added', () => {
  addViewCss('.a {}')
  addViewCss('.b {}')
  addViewCss('.a {}')
  expect(renderToString(<Texts />)).toBe('.a {} .b {}')
})
