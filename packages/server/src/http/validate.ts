import type { z } from 'zod'
import { HttpError } from './errors.ts'

type RequestPart = 'params' | 'query' | 'body' | 'headers'

/** Parses one part of a request; the first problem becomes a 400 naming the field, e.g. `query.st: …`. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = [part, ...(issue?.path ?? [])].map(String).join('.')
  throw new HttpError(400, `${path}: ${issue?.message ?? 'invalid input'}`)
}
