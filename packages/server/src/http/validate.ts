import { z } from 'zod'
import { HttpError } from './errors.ts'

export type RequestPart = 'params' | 'query' | 'body' | 'headers'

/**
 * Parses one part of a request; the first problem becomes a 400 naming the field, e.g. `query.st: …`.
 * Before any schema sees it, text must be something the database can store: JSON may spell a lone
 * surrogate (`"\ud800"`) or U+0000, which no schema rule catches and Postgres refuses in text and
 * jsonb. Refused here, every route answers 400 instead of failing later with a 500, after a
 * rate-limit slot or other work was spent.
 */
export function parseRequest<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  part: RequestPart,
): z.output<S> {
  const result = checkRequest(schema, value, part)
  if ('error' in result) throw result.error
  return result.value
}

/** `parseRequest` that hands the refusal back instead of throwing it, as Fastify's validators do. */
export function checkRequest<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  part: RequestPart,
): { value: z.output<S> } | { error: HttpError } {
  const unstorable = findUnstorableText(value)
  if (unstorable) {
    const where = [part, ...unstorable.path].join('.')
    return {
      error: new HttpError(
        400,
        `${where}: ${unstorable.inName ? 'property names ' : ''}${unstorable.problem}`,
        undefined,
        where,
      ),
    }
  }
  const result = z.safeParse(schema, value)
  if (result.success) return { value: result.data }
  // A POST sent without a body reaches the schema as null: say what is missing, not "received null".
  if (part === 'body' && (value === null || value === undefined))
    return { error: new HttpError(400, 'body: expected a JSON body', undefined, 'body') }
  const issue = result.error.issues[0]
  const path = [part, ...(issue?.path ?? [])].map(String).join('.')
  return { error: new HttpError(400, `${path}: ${issue?.message ?? 'invalid input'}`, undefined, path) }
}

// With the u flag a surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Surrogate}/u

interface Place {
  value: unknown
  key?: string
  parent?: Place
}

interface Unstorable {
  path: string[]
  inName: boolean
  problem: string
}

/**
 * Where the first string or property name the database cannot store sits. Walks with its own
 * stack, as parsed JSON may nest thousands of levels deep; only plain objects and arrays are
 * entered, which is all a parser hands over.
 */
function findUnstorableText(value: unknown): Unstorable | undefined {
  const stack: Place[] = [{ value }]
  for (let place = stack.pop(); place; place = stack.pop()) {
    const current = place.value
    if (typeof current === 'string') {
      const problem = unstorable(current)
      if (problem) return { path: pathOf(place), inName: false, problem }
    } else if (isContainer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const problem = unstorable(key)
        if (problem) return { path: pathOf(place), inName: true, problem }
        stack.push({ value: child, key, parent: place })
      }
    }
  }
  return undefined
}

function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain U+0000'
  if (LONE_SURROGATE.test(text)) return 'must be well-formed Unicode (no lone surrogates)'
  return undefined
}

function isContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return true
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

function pathOf(place: Place): string[] {
  const path: string[] = []
  for (let at: Place | undefined = place; at?.key !== undefined; at = at.parent) path.push(at.key)
  return path.reverse()
}
