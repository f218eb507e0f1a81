import type { FastifyInstance, FastifyTypeProvider } from 'fastify'
import { z } from 'zod'
import { checkRequest, type RequestPart } from './validate.ts'

/**
 * Types a route's `request.body/query/params/headers` as its zod schemas' parsed values, and its
 * replies as what its response schemas accept (classic and mini zod schemas alike). Use as
 * `scope.withTypeProvider<ZodTypeProvider>()`.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.core.$ZodType ? z.output<this['schema']> : unknown
  readonly serializer: this['schema'] extends z.core.$ZodType ? z.input<this['schema']> : unknown
}

/** Fastify's names for the parts of a request, as our 400s name them. */
const PARTS: Readonly<Record<string, RequestPart>> = {
  params: 'params',
  querystring: 'query',
  body: 'body',
  headers: 'headers',
}

/**
 * Lets routes declare zod schemas in `schema`, checked as `parseRequest` checks (same refusals,
 * same texts), with the parsed value (defaults and transforms applied) replacing the request part.
 * A refusal is handed back, not thrown: Fastify turns a thrown one into a 500. Call once on the
 * root app before any plugin is registered; child plugins inherit both compilers.
 */
export function installZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler<z.core.$ZodType>(({ schema, httpPart, method, url }) => {
    const part = httpPart === undefined ? undefined : PARTS[httpPart]
    if (!part) throw new Error(`${method} ${url}: no zod validation for the request part ${httpPart}`)
    return (data) => checkRequest(schema, data, part)
  })
  // An answer outside its own schema is our bug: it becomes a 500 and the log says where.
  app.setSerializerCompiler<z.core.$ZodType>(({ schema, method, url, httpStatus }) => (data) => {
    const result = z.safeParse(schema, data)
    if (!result.success) {
      throw new Error(
        `${method} ${url} answered ${httpStatus} outside its schema: ${z.prettifyError(result.error)}`,
      )
    }
    return JSON.stringify(result.data)
  })
}
