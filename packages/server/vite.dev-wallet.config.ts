import { defineConfig } from 'vite'

// The dev wallet's page script (walletkit 1.2.10 bundled) and stylesheet, which the services read
// at start in development and serve under /dev/wallet/assets (src/dev-wallet/routes.ts). Its own
// folder beside tsc's output, like the dashboard's.
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: 'dist/dev-wallet-app',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    // One file on purpose (a development page, loaded once): the SDK is most of it.
    chunkSizeWarningLimit: 1024,
    license: { fileName: 'THIRD-PARTY-NOTICES.md' },
    rollupOptions: {
      // zod's sources keep comments where Rollup cannot read an annotation; it drops them, which changes nothing.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return
        warn(warning)
      },
      input: 'src/dev-wallet/app/main.ts',
      output: {
        entryFileNames: 'dev-wallet.js',
        inlineDynamicImports: true,
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css')) ? 'dev-wallet.css' : '[name][extname]',
      },
    },
  },
})
