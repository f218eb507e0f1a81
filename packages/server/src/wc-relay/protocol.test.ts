import { expect, test } from 'vitest'
import { RpcErrorCode, readFrame, readParams } from './protocol.ts'

const TOPIC = 'ab'.repeat(32)

test('a request for a known method is read with its id, string ids included', () => {
  expect(
    readFrame(
      `{"id":"1732612345678123456","jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${TOPIC}"}}`,
    ),
  ).toEqual({
    kind: 'request',
    id: '1732612345678123456',
    method: 'irn_subscribe',
    params: { topic: TOPIC },
  })
})

test('an answer to a push is an acknowledgement, an error answer a refusal of it', () => {
  expect(readFrame('{"id":5,"jsonrpc":"2.0","result":true}')).toEqual({ kind: 'response', id: 5, ok: true })
  expect(readFrame('{"id":5,"jsonrpc":"2.0","error":{"code":1,"message":"no"}}')).toEqual({
    kind: 'response',
    id: 5,
    ok: false,
  })
})

test.each([
  ['not JSON', '{', null, RpcErrorCode.PARSE_ERROR],
  ['an array', '[]', null, RpcErrorCode.INVALID_REQUEST],
  ['a string', '"x"', null, RpcErrorCode.INVALID_REQUEST],
  ['no jsonrpc', '{"id":1,"method":"irn_subscribe"}', 1, RpcErrorCode.INVALID_REQUEST],
  ['no id', '{"jsonrpc":"2.0","method":"irn_subscribe"}', null, RpcErrorCode.INVALID_REQUEST],
  ['an object id', '{"id":{},"jsonrpc":"2.0","method":"irn_subscribe"}', null, RpcErrorCode.INVALID_REQUEST],
  [
    'an unknown method',
    '{"id":2,"jsonrpc":"2.0","method":"irn_subscription"}',
    2,
    RpcErrorCode.METHOD_NOT_FOUND,
  ],
  ['a prototype key', '{"id":3,"jsonrpc":"2.0","method":"toString"}', 3, RpcErrorCode.METHOD_NOT_FOUND],
] as const)('%s is refused', (_name, text, id, code) => {
  expect(readFrame(text)).toMatchObject({ kind: 'invalid', id, error: { code } })
})

test('params are checked field by field, extra fields kept, the tag defaulted', () => {
  expect(readParams('irn_publish', { topic: TOPIC, message: 'm', ttl: 300, correlationId: 9 })).toEqual({
    params: { topic: TOPIC, message: 'm', ttl: 300, tag: 0, correlationId: 9 },
  })
  expect(readParams('irn_publish', { topic: TOPIC, message: 'm', ttl: 9 })).toMatchObject({
    error: {
      code: RpcErrorCode.INVALID_PARAMS,
      message: expect.stringMatching(/^Invalid params: params\.ttl: /),
    },
  })
  expect(readParams('irn_batchSubscribe', { topics: [] })).toMatchObject({
    error: { code: RpcErrorCode.INVALID_PARAMS },
  })
  expect(readParams('irn_subscribe', { topic: TOPIC.toUpperCase() })).toMatchObject({
    error: { code: RpcErrorCode.INVALID_PARAMS },
  })
  expect(readParams('irn_subscribe', undefined)).toMatchObject({
    error: { code: RpcErrorCode.INVALID_PARAMS },
  })
})

test('text Postgres cannot store is refused before it reaches the mailbox', () => {
  expect(readParams('irn_publish', { topic: TOPIC, message: 'a\ud800', ttl: 300 })).toMatchObject({
    error: { message: 'Invalid params: params.message: must be well-formed Unicode (no lone surrogates)' },
  })
})
