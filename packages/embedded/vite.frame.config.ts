import { defineConfig } from 'vite'

// The secure frame is one self-contained script that the services serve at /frame/frame.js.
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: 'src/frame/main.ts', formats: ['es'], fileName: () => 'frame.js' },
  },
})
