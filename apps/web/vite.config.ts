import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'

// The page is server-rendered by src/server.ts; Vite only bundles the browser entry and writes a
// manifest the server reads to know which files to reference.
export default defineConfig({
  root: import.meta.dirname,
  esbuild: { jsx: 'automatic' },
  // Brotli and gzip copies beside each file, made once here so the server never compresses a request.
  plugins: [compression({ include: /\.(js|css|svg)$/, algorithms: ['brotliCompress', 'gzip'] })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: 'src/entry-client.tsx',
      // zod's sources keep comments where Rollup cannot read an annotation; it drops them, which changes nothing.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return
        warn(warning)
      },
    },
  },
})
