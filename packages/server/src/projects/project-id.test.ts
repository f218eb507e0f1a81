import { expect, test } from 'vitest'
import { isProjectId, newProjectId } from './project-id.ts'

test('new ids are 32 lowercase hex characters and differ', () => {
  const ids = new Set(Array.from({ length: 100 }, newProjectId))
  expect(ids.size).toBe(100)
  for (const id of ids) expect(isProjectId(id)).toBe(true)
})

test.each(['', 'abc', 'A'.repeat(32), 'g'.repeat(32), `${'a'.repeat(32)} `, 'a'.repeat(33)])(
  '%j is not an id',
  (value) => {
    expect(isProjectId(value)).toBe(false)
  },
)
