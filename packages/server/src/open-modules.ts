import type { FastifyInstance } from 'fastify'
import { type Database, openDatabase } from './db/database.ts'
import { closeOnAppClose, type OpenContext, type SetUpPlan } from './server-module.ts'

/**
 * Registers the modules' opening steps as plugins of `app`: those before the database (a refusal
 * leaves no migration behind), the database, those after it. The app's close runs their `onClose`
 * hooks backwards: the later steps, the database, the earlier steps.
 */
export async function openModules(
  app: FastifyInstance,
  plans: readonly SetUpPlan[],
  context: OpenContext,
): Promise<Database> {
  for (const plan of plans) {
    const step = plan.open
    if (step) Object.assign(context.resources, await inPlugin(app, (scope) => step(scope, context)))
  }
  const database = await inPlugin(app, async (scope) => {
    const opened = await openDatabase({
      databaseUrl: context.options.databaseUrl,
      dataDir: await context.dataDir(),
      warn: context.warn,
    })
    closeOnAppClose(scope, () => opened.close())
    return opened
  })
  for (const plan of plans) {
    const step = plan.start
    if (step)
      Object.assign(context.resources, await inPlugin(app, (scope) => step(scope, { ...context, database })))
  }
  return database
}

/** Runs `open` as a plugin of `app`, in its own scope, and answers what it returned once it is loaded. */
async function inPlugin<T>(
  app: FastifyInstance,
  open: (scope: FastifyInstance) => Promise<T> | T,
): Promise<T> {
  // Assigned when the plugin loads, which the await waits for (or it throws what the plugin threw).
  let opened!: T
  await app.register(async (scope) => {
    opened = await open(scope)
  })
  return opened
}
