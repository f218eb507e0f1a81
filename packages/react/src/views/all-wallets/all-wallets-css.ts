import { addViewCss } from '../../modal/view-css.ts'

/** AllWallets and a wallet's own page: the search field, the grid of tiles, the store links. */
addViewCss(`
.all-wallets .search { min-height: 40px; padding: 0 12px; font: inherit; color: var(--portico-fg);
  background: var(--portico-bg-raised); border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 3); }
.all-wallets .search:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 1px; }
.all-wallets .summary { margin: 0; font-size: 0.85em; }
.wallet-grid { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px; margin: 0; padding: 0;
  list-style: none; }
.wallet-tile { width: 100%; height: 100%; display: flex; flex-direction: column; align-items: center; gap: 6px;
  padding: 10px 4px; border: 1px solid transparent; border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-bg-raised); color: var(--portico-fg); font: inherit; font-size: 0.8em;
  cursor: pointer; }
.wallet-tile:hover { border-color: var(--portico-border); }
/* Two lines before an ellipsis: "Ledger Wallet" and "Uniswap Wallet" read whole in a quarter row. */
.wallet-tile .name { max-width: 100%; overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: 2; line-clamp: 2; line-height: 1.25; overflow-wrap: anywhere; text-align: center; }
.wallet-tile .pill { font-size: 0.85em; padding: 0 6px; }
.all-wallets .grid-end { height: 1px; }
.explorer-wallet .get-links { width: 100%; }
.explorer-wallet .get-links .row-button { text-decoration: none; }
.explorer-wallet .name { font-size: 1.2em; font-weight: 600; margin: 0; overflow-wrap: anywhere; }
`)
