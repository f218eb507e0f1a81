import { expect, test } from 'vitest'
import { z } from 'zod'
import { HttpError } from './errors.ts'
import { parseRequest } from './validate.ts'

const Query = z.object({ currency: z.enum(['usd', 'eur']), page: z.coerce.number().int().optional() })

test('valid input comes back parsed', () => {
  expect(parseRequest(Query, { currency: 'usd', page: '2' }, 'query')).toEqual({ currency: 'usd', page: 2 })
})

test('the first problem becomes a 400 naming the field', () => {
  let thrown: unknown
  try {
    parseRequest(Query, { currency: 'gbp', page: 'x' }, 'query')
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(HttpError)
  expect((thrown as HttpError).statusCode).toBe(400)
  expect((thrown as HttpError).message).toMatch(/^query\.currency: Invalid option/)
})
