import { describe, expect, it } from 'vitest'
import { answerOf, MAX_BATCH, MAX_PARAMS_DEPTH, nestedDeeperThan, parseBody } from './messages.ts'

const call = (id: unknown, method = 'eth_blockNumber') => ({ jsonrpc: '2.0', id, method, params: [] })

describe('parseBody', () => {
  it('reads one request, keeping params as given and leaving absent ones out', () => {
    expect(parseBody(JSON.stringify(call(7)))).toEqual({
      single: { call: { method: 'eth_blockNumber', params: [] }, id: 7 },
    })
    expect(parseBody('{"jsonrpc":"2.0","id":"a","method":"eth_chainId"}')).toEqual({
      single: { call: { method: 'eth_chainId' }, id: 'a' },
    })
    expect(parseBody('{"jsonrpc":"2.0","id":null,"method":"m","params":{"a":1}}')).toEqual({
      single: { call: { method: 'm', params: { a: 1 } }, id: null },
    })
  })

  it('reads a batch in order, answering each malformed element in its place', () => {
    const parsed = parseBody(JSON.stringify([call(1), { jsonrpc: '1.0', id: 2, method: 'x' }, 3, call(4)]))
    expect(parsed).toEqual({
      batch: [
        { call: { method: 'eth_blockNumber', params: [] }, id: 1 },
        {
          answer: {
            jsonrpc: '2.0',
            id: 2,
            error: { code: -32600, message: 'Invalid request: jsonrpc: must be "2.0"' },
          },
        },
        {
          answer: {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: 'Invalid request: expected a JSON-RPC 2.0 request object' },
          },
        },
        { call: { method: 'eth_blockNumber', params: [] }, id: 4 },
      ],
    })
  })

  it.each([
    ['not JSON', '{"jsonrpc":', -32700, 'Parse error: the body is not JSON'],
    ['empty', '', -32700, 'Parse error: the body is not JSON'],
    ['a number', '42', -32600, 'Invalid request: expected an object or an array'],
    ['an empty batch', '[]', -32600, 'Invalid request: the batch is empty'],
  ])('answers a body that is %s with one error', (_what, body, code, message) => {
    expect(parseBody(body)).toEqual({ invalid: { jsonrpc: '2.0', id: null, error: { code, message } } })
  })

  it('takes a batch of 1000 and refuses 1001 with the limit in the message', () => {
    const batch = (size: number) => JSON.stringify(Array.from({ length: size }, (_, i) => call(i)))
    const full = parseBody(batch(MAX_BATCH))
    expect('batch' in full && full.batch.length).toBe(1000)
    expect(parseBody(batch(MAX_BATCH + 1))).toEqual({
      invalid: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid request: a batch of 1001 calls is over the limit of 1000' },
      },
    })
  })

  it.each([
    [{ jsonrpc: '2.0', method: 'eth_chainId' }, 'id: must be a string, a number or null'],
    [{ jsonrpc: '2.0', id: 1, method: 5 }, 'method: must be a string'],
    [{ jsonrpc: '2.0', id: 1, method: '' }, 'method: must not be empty'],
    [{ jsonrpc: '2.0', id: 1, method: 'm', params: 'x' }, 'params: must be an array or an object'],
    [{ jsonrpc: '2.0', id: { a: 1 }, method: 'm' }, 'id: must be a string, a number or null'],
  ])('refuses %j', (request, reason) => {
    const parsed = parseBody(JSON.stringify(request))
    expect(parsed).toMatchObject({ single: { answer: { error: { code: -32600 } } } })
    const message = 'single' in parsed && 'answer' in parsed.single ? parsed.single.answer : undefined
    expect(JSON.stringify(message)).toContain(reason)
  })
})

describe('answerOf', () => {
  it('puts a node error back unchanged, data included, and leaves the proxy’s own marks out', () => {
    const error = { code: 3, message: 'execution reverted', data: '0x08c379a0' }
    expect(answerOf(5, { error })).toEqual({ jsonrpc: '2.0', id: 5, error })
    expect(answerOf('x', { error: { code: -32002, message: 'm' }, unavailable: true })).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      error: { code: -32002, message: 'm' },
    })
    expect(answerOf(null, { result: null })).toEqual({ jsonrpc: '2.0', id: null, result: null })
  })
})

describe('nestedDeeperThan', () => {
  const nested = (levels: number): unknown => {
    let value: unknown = 1
    for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value]
    return value
  }

  it('counts levels of arrays and objects, not scalars', () => {
    expect(nestedDeeperThan(undefined, 2)).toBe(false)
    expect(nestedDeeperThan(nested(2), 2)).toBe(false)
    expect(nestedDeeperThan(nested(3), 2)).toBe(true)
    expect(nestedDeeperThan([1, 'a', null, { b: 2 }], 2)).toBe(false)
    expect(nestedDeeperThan([1, 'a', null, [{}]], 2)).toBe(true)
  })

  it('refuses a call whose params are nested past the bound, in its place, with its id', () => {
    const deep = { jsonrpc: '2.0', id: 9, method: 'eth_call', params: nested(MAX_PARAMS_DEPTH + 1) }
    const fine = { jsonrpc: '2.0', id: 8, method: 'eth_call', params: nested(MAX_PARAMS_DEPTH) }
    expect(parseBody(JSON.stringify([fine, deep]))).toEqual({
      batch: [
        { call: { method: 'eth_call', params: fine.params }, id: 8 },
        {
          answer: {
            jsonrpc: '2.0',
            id: 9,
            error: {
              code: -32600,
              message: `Invalid request: params are nested more than ${MAX_PARAMS_DEPTH} levels deep`,
            },
          },
        },
      ],
    })
  })
})
