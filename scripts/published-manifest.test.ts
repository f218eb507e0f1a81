import { describe, expect, it } from 'vitest'
import { publishedManifest } from './published-manifest.ts'

const versions = new Map([
  ['@portico/core', '0.1.0'],
  ['@portico/embedded', '0.1.0'],
])

describe('the manifest a package is published with', () => {
  const published = publishedManifest(
    {
      name: '@portico/embedded',
      version: '0.1.0',
      private: true,
      scripts: { build: 'vite build' },
      exports: { '.': './src/index.ts', './frame.js': './dist/frame.js', './modal': './src/modal/Modal.tsx' },
      files: ['dist'],
      dependencies: { '@portico/core': '*', zod: '^4.6.7' },
      peerDependencies: { viem: '^2.57.20' },
      devDependencies: { 'shamir-secret-sharing': '0.0.4' },
    },
    versions,
  )

  it('points exports written for the sources at the compiled modules and their types', () => {
    expect(published.exports).toEqual({
      '.': { types: './dist/index.d.ts', import: './dist/index.js' },
      './frame.js': './dist/frame.js',
      './modal': { types: './dist/modal/Modal.d.ts', import: './dist/modal/Modal.js' },
    })
  })

  it('depends on the packed version of a sibling package and keeps other ranges', () => {
    expect(published.dependencies).toEqual({ '@portico/core': '^0.1.0', zod: '^4.6.7' })
    expect(published.peerDependencies).toEqual({ viem: '^2.57.20' })
  })

  it('is publishable: no private flag, scripts or dev dependencies', () => {
    expect(published).not.toHaveProperty('private')
    expect(published).not.toHaveProperty('scripts')
    expect(published).not.toHaveProperty('devDependencies')
    expect(published.files).toEqual(['dist'])
  })

  it('refuses a workspace dependency that is not being published', () => {
    expect(() =>
      publishedManifest(
        { name: '@portico/server', version: '0.1.0', dependencies: { '@portico/contracts': '*' } },
        versions,
      ),
    ).toThrow('@portico/contracts is a workspace dependency that is not published')
  })
})
