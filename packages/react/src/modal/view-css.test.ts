import { expect, test } from 'vitest'
import { addViewCss, viewCss } from './view-css.ts'

test('view CSS is kept once each, in the order it was added', () => {
  addViewCss('.a {}')
  addViewCss('.b {}')
  addViewCss('.a {}')
  expect(viewCss.getState().texts).toEqual(['.a {}', '.b {}'])
})
