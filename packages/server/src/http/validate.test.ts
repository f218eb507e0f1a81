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
  expect((thrown as HttpError).field).toBe('query.currency')
})

test('a POST without a body is told the body is missing; a body a route may omit still passes', () => {
  const Body = z.object({ email: z.string() })
  for (const missing of [null, undefined])
    expect(() => parseRequest(Body, missing, 'body')).toThrow('body: expected a JSON body')
  expect(parseRequest(Body.optional(), undefined, 'body')).toBeUndefined()
  expect(() => parseRequest(Body, {}, 'body')).toThrow(/^body\.email: /)
})

test('text the database cannot store (a lone surrogate, U+0000) is a 400 naming where, before the schema runs', () => {
  const Body = z.object({ props: z.object({ properties: z.record(z.string(), z.unknown()) }) })
  const refusal = (value: unknown) => {
    try {
      parseRequest(Body, value, 'body')
    } catch (error) {
      return (error as HttpError).message
    }
    return undefined
  }
  expect(refusal({ props: { properties: { tab: 'x\ud800' } } })).toBe(
    'body.props.properties.tab: must be well-formed Unicode (no lone surrogates)',
  )
  expect(refusal({ props: { properties: { list: ['ok', '\udfff'] } } })).toBe(
    'body.props.properties.list.1: must be well-formed Unicode (no lone surrogates)',
  )
  expect(refusal({ props: { properties: { 'a\udc00': 1 } } })).toBe(
    'body.props.properties: property names must be well-formed Unicode (no lone surrogates)',
  )
  expect(refusal({ props: { properties: { name: 'a\u0000b' } } })).toBe(
    'body.props.properties.name: must not contain U+0000',
  )
  expect(refusal({ props: { properties: { tab: '\ud83d\ude00 ok' } } })).toBeUndefined()
})

test('text nested far deeper than the call stack allows is still checked', () => {
  let deep: unknown = '\ud800'
  for (let level = 0; level < 100_000; level++) deep = [deep]
  expect(() => parseRequest(z.unknown(), deep, 'body')).toThrow(/must be well-formed Unicode/)
})
