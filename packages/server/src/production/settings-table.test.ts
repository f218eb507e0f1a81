import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { productionSettings } from './config.ts'

const SERVER_SOURCE = fileURLToPath(new URL('..', import.meta.url))
const DOCS = fileURLToPath(new URL('../../../../docs/', import.meta.url))

/**
 * The variables named in the first column of portico-server's tables: the production guide's, and
 * each domain page's table headed "variable (`portico-server`…)".
 */
function documentedVariables(): Set<string> {
  const names = new Set<string>()
  for (const page of readdirSync(DOCS).filter((file) => file.endsWith('.md'))) {
    let inTable = false
    for (const line of readFileSync(join(DOCS, page), 'utf8').split('\n')) {
      if (line.startsWith('| variable')) {
        inTable = page === 'production.md' || line.includes('`portico-server`')
        continue
      }
      if (!line.startsWith('|')) inTable = false
      const firstCell = inTable ? /^\| ([^|]+) \|/.exec(line)?.[1] : undefined
      for (const match of firstCell?.matchAll(/`([A-Z][A-Z0-9_<>]+)`/g) ?? []) names.add(match[1] as string)
    }
  }
  return names
}

/** The services' own source, tests left out: where a variable read outside a schema is named. */
function serverSource(): string {
  return readdirSync(SERVER_SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('.test.') && !file.includes('test-support'))
    .map((file) => readFileSync(join(SERVER_SOURCE, file), 'utf8'))
    .join('\n')
}

describe('the docs’ tables of portico-server’s variables', () => {
  const documented = documentedVariables()

  it('lists every variable portico-server’s settings declare', () => {
    const declared = Object.keys(productionSettings.shape)
    expect(declared.filter((name) => !documented.has(name))).toEqual([])
  })

  it('lists only variables the services read', () => {
    const source = serverSource()
    const unread = [...documented].filter((name) => {
      if (name in productionSettings.shape) return false
      // A family such as SOCIAL_<PROVIDER>_CLIENT_ID is read by its prefix.
      const literal = name.split('<')[0] as string
      return !source.includes(`'${literal}`) && !source.includes(`\`${literal}`)
    })
    expect(unread).toEqual([])
  })
})
