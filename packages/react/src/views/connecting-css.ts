import { addViewCss } from '../modal/view-css.ts'

/**
 * The wallet icon while connecting: a ring turns around it while the wallet is asked, and a red
 * badge sits on its corner once it refused. Under reduced motion the ring stands still, dotted.
 */
addViewCss(`
.wallet-state { position: relative; display: inline-flex; padding: 6px; border-radius: 50%; }
.wallet-state.waiting::after { content: ''; position: absolute; inset: -2px; border-radius: 24px;
  border: 3px solid var(--portico-border); border-top-color: var(--portico-accent);
  animation: spin 900ms linear infinite; }
.wallet-state-badge { position: absolute; right: 0; bottom: 0; width: 22px; height: 22px; border-radius: 50%;
  display: inline-flex; align-items: center; justify-content: center; background: var(--portico-bg);
  color: var(--portico-error); border: 2px solid var(--portico-error); }
@media (prefers-reduced-motion: reduce) {
  .wallet-state.waiting::after { border-style: dotted; border-color: var(--portico-accent); }
}
`)
