import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The example apps in `examples/`, each installed and built by `npm run examples`. */
export const EXAMPLES = ['vite', 'nextjs'] as const
export type ExampleName = (typeof EXAMPLES)[number]

/**
 * Where `npm run examples` installs and builds an example, and where the browser test finds the
 * built Next.js app. Outside the repository on purpose: inside it, Node would resolve `@portico/*`
 * from the workspace links in the root node_modules and prove nothing about the packed tarballs.
 */
export function exampleDir(name: ExampleName): string {
  return join(process.env.PORTICO_EXAMPLES_DIR ?? join(tmpdir(), 'portico-examples'), name)
}
