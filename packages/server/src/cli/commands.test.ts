import { expect, test } from 'vitest'
import type { Project } from '../projects/repository.ts'
import { projectTable } from './commands.ts'

const project = (id: string, name: string, origins: string[]): Project => ({
  id,
  name,
  origins,
  analyticsEnabled: true,
  createdAt: new Date(0),
})

test('projects print as aligned columns', () => {
  const table = projectTable([
    project('a'.repeat(32), 'Shop', ['https://shop.example', 'http://localhost:3000']),
    project('b'.repeat(32), 'Longer name', []),
  ])
  expect(table.split('\n')).toEqual([
    `ID${' '.repeat(30)}  NAME         ORIGINS`,
    `${'a'.repeat(32)}  Shop         https://shop.example, http://localhost:3000`,
    `${'b'.repeat(32)}  Longer name  `,
  ])
})

test('no projects yet says how to make one', () => {
  expect(projectTable([])).toContain('npm run project -- create')
})
