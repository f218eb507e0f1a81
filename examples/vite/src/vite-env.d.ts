/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PORTICO_PROJECT_ID?: string
  readonly VITE_PORTICO_SERVICES_URL?: string
  readonly VITE_PORTICO_RPC_URL?: string
  readonly VITE_PORTICO_CHAIN_ID?: string
  readonly VITE_PORTICO_CHAIN_NAME?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
