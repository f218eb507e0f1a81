import { expect, test } from 'vitest'
import { type ApprovalItem, createApprovalQueue } from './approvals.ts'

const item = (id: string, method = 'personal_sign'): ApprovalItem => ({
  id,
  origin: 'https://dapp.example',
  method,
  params: [],
})

test('shows the oldest request with the count behind it, and the next one once it is answered', async () => {
  const shown: [string | undefined, number][] = []
  const queue = createApprovalQueue((current, waiting) => shown.push([current?.id, waiting]))
  const first = queue.ask(item('a'))
  const second = queue.ask(item('b', 'eth_sendTransaction'))
  expect(shown).toEqual([
    ['a', 0],
    ['a', 1],
  ])
  queue.decide('a', true)
  expect(await first).toBe(true)
  expect(queue.current()?.id).toBe('b')
  queue.decide('b', false)
  expect(await second).toBe(false)
  expect(shown.at(-1)).toEqual([undefined, 0])
})

test('a request the page withdraws counts as rejected and leaves the others in order', async () => {
  const queue = createApprovalQueue(() => {})
  const first = queue.ask(item('a'))
  const second = queue.ask(item('b'))
  expect(queue.cancel('b')).toBe(true)
  expect(await second).toBe(false)
  expect(queue.current()?.id).toBe('a')
  expect(queue.cancel('unknown')).toBe(false)
  queue.decide('a', true)
  expect(await first).toBe(true)
})
