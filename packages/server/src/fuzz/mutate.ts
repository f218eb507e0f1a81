import fc from 'fast-check'
import { ENCODINGS, type Encoding, encode } from './encodings.ts'
import type { RequestShape } from './request.ts'
import type { FuzzTarget } from './target.ts'
import { badHeader, badJson, badOrigin, badUrlValue, badWire } from './values.ts'
import type { UrlValue, Wire } from './verbatim.ts'

/** Where a route reads its project from. */
export interface Guard {
  project?: { in: 'query' | 'param' | 'header'; name: string }
  /** Headers that say who is calling (origin, host, parent origin, token): a mutation swaps one for a stranger's. */
  callers: string[]
}

const DROP = { drop: true } as const
type Drop = typeof DROP

/** One change to a request a route accepts; `pick` chooses among the fields there are, modulo their count. */
export type Mutation =
  | { none: true }
  | { bodyField: number; value: unknown }
  | { bodyKey: number; key: string; value: unknown }
  | { splice: number; at: number; text: string }
  | { encoding: Encoding; pick: number }
  | { param: number; value: UrlValue }
  | { query: number; value: UrlValue | Drop | 'twice' }
  | { queryExtra: string; value: UrlValue }
  | { header: number; value: string | Drop }
  | { project: 'unknown' | 'elsewhere' | 'quiet' | Drop | string }
  | { caller: number; value: string | Drop }
  | { path: Wire; pick: number }
  | { method: string }

/**
 * Characters slipped into a value the route accepts, the rest left intact: such a value passes
 * most checks, so it reaches whatever stores or echoes it (U+0000 and lone surrogates break Postgres).
 */
const SPLICED = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udc00',
  '\u202e',
  '\ufeff',
  '\u0001',
  '\u2028',
  '😀',
  '%',
  '\\',
  '"',
  '\n',
  ' ',
  'é',
)

export function mutations(target: FuzzTarget): fc.Arbitrary<Mutation> {
  const json = badJson(target)
  const url = badUrlValue(target)
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ none: true as const }) },
    { weight: 6, arbitrary: fc.record({ bodyField: fc.nat(), value: fc.oneof(json, fc.constant(DROP)) }) },
    { weight: 1, arbitrary: fc.record({ bodyKey: fc.nat(), key: fc.string(), value: json }) },
    { weight: 4, arbitrary: fc.record({ splice: fc.nat(), at: fc.nat(), text: SPLICED }) },
    { weight: 3, arbitrary: fc.record({ encoding: fc.constantFrom(...ENCODINGS), pick: fc.nat() }) },
    { weight: 3, arbitrary: fc.record({ param: fc.nat(), value: url }) },
    {
      weight: 3,
      arbitrary: fc.record({
        query: fc.nat(),
        value: fc.oneof(url, fc.constantFrom(DROP, 'twice' as const)),
      }),
    },
    { weight: 1, arbitrary: fc.record({ queryExtra: fc.string(), value: url }) },
    { weight: 2, arbitrary: fc.record({ header: fc.nat(), value: fc.oneof(badHeader, fc.constant(DROP)) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        project: fc.oneof(fc.constantFrom('unknown', 'elsewhere', 'quiet', DROP), badHeader),
      }),
    },
    { weight: 2, arbitrary: fc.record({ caller: fc.nat(), value: fc.oneof(badOrigin, fc.constant(DROP)) }) },
    { weight: 1, arbitrary: fc.record({ path: badWire, pick: fc.nat() }) },
    {
      weight: 1,
      arbitrary: fc.record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND'),
      }),
    },
  )
}

const isDrop = (value: unknown): value is Drop => value === DROP
const pickOf = <T>(items: T[], index: number): T | undefined => items[index % Math.max(items.length, 1)]

/** The places inside a JSON value, outermost first: [container, key] pairs. */
function places(value: unknown): Array<[Record<string, unknown>, string]> {
  const found: Array<[Record<string, unknown>, string]> = []
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return
    for (const [key, child] of Object.entries(node)) {
      found.push([node as Record<string, unknown>, key])
      visit(child)
    }
  }
  visit(value)
  return found
}

function objectsIn(value: unknown): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = []
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return
    if (!Array.isArray(node)) found.push(node as Record<string, unknown>)
    for (const child of Object.values(node)) visit(child)
  }
  visit(value)
  return found
}

export function mutate(
  base: RequestShape,
  mutation: Mutation,
  guard: Guard,
  target: FuzzTarget,
): RequestShape {
  const shape: RequestShape = {
    ...base,
    params: { ...base.params },
    query: [...base.query],
    headers: { ...base.headers },
    body: base.body && 'json' in base.body ? { json: structuredClone(base.body.json) } : base.body,
  }
  if ('bodyField' in mutation) {
    const json = shape.body && 'json' in shape.body ? shape.body.json : undefined
    const place = pickOf(places(json), mutation.bodyField)
    if (!place) shape.body = { json: isDrop(mutation.value) ? undefined : mutation.value }
    else if (isDrop(mutation.value)) delete place[0][place[1]]
    else place[0][place[1]] = mutation.value
  } else if ('bodyKey' in mutation) {
    const json = shape.body && 'json' in shape.body ? shape.body.json : undefined
    const object = pickOf(objectsIn(json), mutation.bodyKey)
    if (object) object[mutation.key] = mutation.value
    else shape.body = { json: { [mutation.key]: mutation.value } }
  } else if ('splice' in mutation) {
    const slot = pickOf(textSlots(shape), mutation.splice)
    if (slot) {
      const [value, set] = slot
      const at = mutation.at % (value.length + 1)
      set(`${value.slice(0, at)}${mutation.text}${value.slice(at)}`)
    }
  } else if ('encoding' in mutation) {
    shape.body = encode(shape, mutation.encoding, mutation.pick)
  } else if ('param' in mutation) {
    const name = pickOf(Object.keys(shape.params), mutation.param)
    if (name) shape.params[name] = mutation.value
  } else if ('query' in mutation) {
    const index = mutation.query % Math.max(shape.query.length, 1)
    const entry = shape.query[index]
    const value = mutation.value
    if (!entry) return shape
    if (isDrop(value)) shape.query.splice(index, 1)
    else if (value === 'twice') shape.query.push(entry)
    else shape.query[index] = [entry[0], value]
  } else if ('queryExtra' in mutation) {
    shape.query.push([mutation.queryExtra, mutation.value])
  } else if ('header' in mutation) {
    const name = pickOf(Object.keys(shape.headers), mutation.header)
    if (name && isDrop(mutation.value)) delete shape.headers[name]
    else if (name) shape.headers[name] = mutation.value as string
  } else if ('project' in mutation) {
    setProject(shape, guard, projectValue(mutation.project, target))
  } else if ('caller' in mutation) {
    const name = pickOf(guard.callers, mutation.caller) ?? 'origin'
    if (isDrop(mutation.value)) delete shape.headers[name]
    else shape.headers[name] = mutation.value
  } else if ('path' in mutation) {
    const segments = shape.path.split('/')
    const at = 1 + (mutation.pick % Math.max(segments.length - 1, 1))
    segments.splice(at, 0, mutation.path.wire)
    shape.path = segments.join('/')
  } else if ('method' in mutation) {
    shape.method = mutation.method
  }
  return shape
}

/** Every text value of the request a splice can go into: JSON strings, query values, path parameters. */
function textSlots(shape: RequestShape): Array<[string, (text: string) => void]> {
  const slots: Array<[string, (text: string) => void]> = []
  const json = shape.body && 'json' in shape.body ? shape.body.json : undefined
  for (const [container, key] of places(json)) {
    const value = container[key]
    if (typeof value === 'string') slots.push([value, (text) => (container[key] = text)])
  }
  shape.query.forEach(([key, value], index) => {
    if (typeof value === 'string') slots.push([value, (text) => (shape.query[index] = [key, text])])
  })
  for (const [name, value] of Object.entries(shape.params))
    if (typeof value === 'string') slots.push([value, (text) => (shape.params[name] = text)])
  return slots
}

function projectValue(choice: string | Drop, target: FuzzTarget): string | Drop {
  if (choice === 'unknown') return 'f'.repeat(32)
  if (choice === 'elsewhere') return target.elsewhere.id
  if (choice === 'quiet') return target.quiet.id
  return choice
}

function setProject(shape: RequestShape, guard: Guard, value: string | Drop): void {
  const where = guard.project ?? { in: 'query', name: 'projectId' }
  if (where.in === 'header') {
    if (isDrop(value)) delete shape.headers[where.name]
    else shape.headers[where.name] = value
  } else if (where.in === 'param') {
    shape.params[where.name] = isDrop(value) ? '' : value
  } else {
    shape.query = shape.query.filter(([key]) => key !== where.name)
    if (!isDrop(value)) shape.query.push([where.name, value])
  }
}
