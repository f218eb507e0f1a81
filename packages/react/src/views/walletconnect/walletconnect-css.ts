import { addViewCss } from '../../modal/view-css.ts'

/** The QR sits on white with its own quiet zone, so any wallet's camera reads it on the dark theme. */
addViewCss(`
.wc-qr { display: inline-flex; padding: 8px; border-radius: 16px; background: #fff; }
.wc-qr .qr { display: block; max-width: 100%; height: auto; }
.wc-countdown { font-variant-numeric: tabular-nums; }
.wc-making { min-height: 240px; display: flex; align-items: center; justify-content: center; }
`)
