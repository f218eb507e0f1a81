import { UserRejectedRequestError } from 'viem'
import { expect, test } from 'vitest'
import type { SiwxEvent } from '../siwx/flow.ts'
import { errorProps } from './event.ts'
import { reportSiwxEvents, walletOf } from './report.ts'

test('a wallet is reported by how it connects, its name and its rdns when it has one', () => {
  expect(walletOf({ id: 'rabby', type: 'injected', name: 'Rabby', rdns: 'io.rabby' })).toEqual({
    method: 'browser',
    name: 'Rabby',
    rdns: 'io.rabby',
  })
  expect(walletOf({ id: 'portico.embedded', type: 'AUTH', name: 'Email', rdns: undefined })).toEqual({
    method: 'email',
    name: 'Email',
  })
  // Social and Farcaster logins share the embedded connector and are methods of their own.
  const embedded = { id: 'portico.embedded', type: 'AUTH', name: 'Email', rdns: undefined }
  expect(walletOf(embedded, 'social').method).toBe('social')
  expect(walletOf(embedded, 'farcaster').method).toBe('farcaster')
  expect(walletOf({ id: 'rabby', type: 'injected', name: 'Rabby', rdns: undefined }, 'social').method).toBe(
    'browser',
  )
})

test('sign-in outcomes become SIWX_AUTH_SUCCESS and SIWX_AUTH_ERROR, a declined signature typed so', async () => {
  let listener: (event: SiwxEvent) => void = () => {}
  const sent: unknown[][] = []
  reportSiwxEvents(
    {
      onEvent: (next) => {
        listener = next
        return () => {}
      },
    },
    {
      track: async (event, properties) => void sent.push([event, properties]),
      trackError: async (event, error) => void sent.push([event, errorProps(error).errorType]),
    },
  )
  listener({ type: 'SIWX_AUTH_SUCCESS', session: {} as never })
  listener({
    type: 'SIWX_AUTH_ERROR',
    message: 'Signature declined',
    error: new UserRejectedRequestError(new Error('no')),
  })
  expect(sent).toEqual([
    ['SIWX_AUTH_SUCCESS', undefined],
    ['SIWX_AUTH_ERROR', 'declined'],
  ])
})
