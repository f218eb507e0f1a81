import { defineConfig } from 'vite'

// The operator dashboard's page script and stylesheet (uPlot included), two files the services
// read at start and serve under /dashboard/assets (src/dashboard/setup.ts). Its own folder beside
// tsc's output, so neither build empties the other's. An app build rather than lib mode, which
// leaves an ES bundle's whitespace unminified.
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: 'dist/dashboard-app',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    // The packed package ships the bundled libraries' licences beside the bundle.
    license: { fileName: 'THIRD-PARTY-NOTICES.md' },
    rollupOptions: {
      input: 'src/dashboard/app/main.ts',
      output: {
        entryFileNames: 'dashboard.js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css')) ? 'dashboard.css' : '[name][extname]',
      },
    },
  },
})
