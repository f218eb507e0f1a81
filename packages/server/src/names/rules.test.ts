import { nameLabelProblem } from '@portico/core/shared'
import { describe, expect, it } from 'vitest'
import { candidateLabels, isFresh, labelOf, parseStatement } from './rules.ts'

// The label rules themselves are core's (names/rules.test.ts); these are what the services add.
describe('name rules', () => {
  it('reads a bare label or a full name under the suffix, case-insensitively, and nothing else', () => {
    expect(labelOf('alice', 'portico.id')).toBe('alice')
    expect(labelOf('Alice.Portico.ID', 'portico.id')).toBe('Alice')
    expect(labelOf('alice.eth', 'portico.id')).toBeUndefined()
  })

  it('accepts the signed statement only as JSON of its shape, fresh', () => {
    expect(parseStatement('{"name":"alice","timestamp":1}')).toEqual({
      name: 'alice',
      attributes: {},
      timestamp: 1,
    })
    expect(parseStatement('alice')).toBeUndefined()
    expect(parseStatement('{"name":"alice"}')).toBeUndefined()
    const now = 1_800_000_000_000
    expect(isFresh(now / 1000 - 60, now)).toBe(true)
    expect(isFresh(now / 1000 - 301, now)).toBe(false)
    expect(isFresh(now / 1000 + 31, now)).toBe(false)
  })

  it('suggests alternatives that keep the rules', () => {
    const suggestions = candidateLabels('alice')
    expect(suggestions.slice(0, 2)).toEqual(['alice1', 'alice2'])
    expect(suggestions).toContain('alice-eth')
    expect(candidateLabels('a'.repeat(63)).every((label) => nameLabelProblem(label) === undefined)).toBe(true)
  })
})
