import type { ExplorerWallet } from './wallet.ts'

/** A registry entry with nothing but an id and a name, and whatever a test adds. */
export function explorerWallet(id: string, fields: Partial<ExplorerWallet> = {}): ExplorerWallet {
  return {
    id,
    name: fields.name ?? id,
    image_id: null,
    image_url: null,
    rdns: null,
    homepage: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    chains: [],
    badge_type: 'none',
    ...fields,
  }
}
