import { expect, test } from 'vitest'
import { preparedAs, preparedName } from './prepared-statements.ts'

test('a marked statement names itself; others and markers further in do not', () => {
  expect(preparedName(`${preparedAs('history_page')}\n select 1`)).toBe('history_page')
  expect(preparedName('select 1')).toBeUndefined()
  expect(preparedName(`select 1 ${preparedAs('late')}`)).toBeUndefined()
})

test('names that could break out of the comment are refused', () => {
  expect(() => preparedAs('x */ drop table projects; /*')).toThrow('Invalid prepared statement name')
  expect(() => preparedAs('History')).toThrow()
})
