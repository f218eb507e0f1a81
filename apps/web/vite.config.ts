import { defineConfig } from 'vite'

// The page is server-rendered by src/server.tsx; Vite only bundles the browser entry and writes a
// manifest the server reads to know which files to reference.
export default defineConfig({
  root: import.meta.dirname,
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
})
