import { defineConfig } from 'vite'

// The operator dashboard's page script and stylesheet (uPlot included), two files the services
// read at start and serve under /dashboard/assets (src/dashboard/setup.ts). Its own folder beside
// tsc's output, so neither build empties the other's.
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: 'dist/dashboard-app',
    emptyOutDir: true,
    target: 'es2022',
    // The packed package ships the bundled libraries' licences beside the bundle.
    license: { fileName: 'THIRD-PARTY-NOTICES.md' },
    lib: {
      entry: 'src/dashboard/app/main.ts',
      formats: ['es'],
      fileName: () => 'dashboard.js',
      cssFileName: 'dashboard',
    },
  },
})
