import { defineConfig } from 'vite'

// The secure frame's entry is served at /frame/frame.js; what it loads later (the smart account's
// operations, viem's CCIP reads) are chunks under /frame/chunks/, named by their content's hash.
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    // The packed package ships the bundled libraries' licences beside the bundle.
    license: { fileName: 'THIRD-PARTY-NOTICES.md' },
    lib: { entry: 'src/frame/main.ts', formats: ['es'], fileName: () => 'frame.js' },
    rollupOptions: {
      // zod's sources keep comments where Rollup cannot read an annotation; it drops them, which changes nothing.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return
        warn(warning)
      },
      // The entry itself holds what the chunks share, instead of a one-line facade and one more request.
      preserveEntrySignatures: 'allow-extension',
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
})
