import { describe, expect, it } from 'vitest'
import * as entry from './http/errors.ts'

// The runtime names of `@portico/server/http-errors`, the one error shape the page server shares
// with the services.
describe('@portico/server/http-errors exports', () => {
  it('are exactly the http-errors names', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'HttpError',
      'answerError',
      'errorBody',
      'installErrorHandling',
      'warnOutage',
    ])
  })
})
