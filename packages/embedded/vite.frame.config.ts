import { defineConfig } from 'vite'

// The secure frame is one self-contained script that the services serve at /frame/frame.js.
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    // The packed package ships the bundled libraries' licences beside the bundle.
    license: { fileName: 'THIRD-PARTY-NOTICES.md' },
    lib: { entry: 'src/frame/main.ts', formats: ['es'], fileName: () => 'frame.js' },
    // The services serve this one file: viem's lazily loaded parts (CCIP reads) go inside it.
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
})
