/** The fields of a workspace package.json that packing reads or rewrites. */
export interface WorkspaceManifest {
  name: string
  version: string
  private?: boolean
  scripts?: Record<string, string>
  exports?: Record<string, string>
  files?: string[]
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  [field: string]: unknown
}

type ExportTarget = string | { types: string; import: string }

/**
 * The manifest a package is published with: `exports` that name TypeScript sources
 * (`./src/x.ts`) become `types` + `import` conditions on the compiled `./dist/x.d.ts` and
 * `./dist/x.js`; other targets (the frame bundle) stay. Dependencies on sibling workspace packages
 * (`*`) become a caret range on the version being packed. What only the repository needs goes:
 * `private` (it keeps the workspace copy from being published by mistake), scripts and
 * devDependencies.
 */
export function publishedManifest(
  manifest: WorkspaceManifest,
  versions: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const { private: _private, scripts: _scripts, devDependencies: _dev, ...kept } = manifest
  const exports = Object.fromEntries(
    Object.entries(manifest.exports ?? {}).map(([subpath, target]) => [subpath, compiledTarget(target)]),
  )
  const dependencies = Object.fromEntries(
    Object.entries(manifest.dependencies ?? {}).map(([name, range]) => [
      name,
      pinnedSibling(name, range, versions),
    ]),
  )
  return { ...kept, exports, ...(manifest.dependencies ? { dependencies } : {}) }
}

function compiledTarget(target: string): ExportTarget {
  const source = /^\.\/src\/(.+)\.tsx?$/.exec(target)
  if (!source) return target
  return { types: `./dist/${source[1]}.d.ts`, import: `./dist/${source[1]}.js` }
}

function pinnedSibling(name: string, range: string, versions: ReadonlyMap<string, string>): string {
  if (range !== '*') return range
  const version = versions.get(name)
  if (!version) throw new Error(`${name} is a workspace dependency that is not published`)
  return `^${version}`
}
