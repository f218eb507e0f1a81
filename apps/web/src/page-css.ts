/** The page's own styles; the modal brings its own inside its shadow root. */
export const PAGE_CSS = `
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; background: #0f1011; color: #e4e7e7;
  font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, 'Helvetica Neue', sans-serif; }
.site-header { display: flex; align-items: center; justify-content: space-between; padding: 16px 24px;
  border-bottom: 1px solid rgba(255,255,255,0.08); }
.site-header nav { display: flex; gap: 8px; min-width: 0; }
.brand { flex: none; }
/* The smallest phones (320 px): the header's buttons need the room. */
@media (max-width: 360px) { .site-header { padding: 12px; gap: 8px; flex-wrap: wrap; } .brand { font-size: 17px; } }
.brand { font-weight: 700; font-size: 20px; letter-spacing: 0.02em; }
main { max-width: 720px; margin: 48px auto; padding: 0 24px; }
h1 { font-size: 32px; line-height: 1.2; }
.panel { margin-top: 32px; padding: 20px 24px; border-radius: 16px; background: #191a1a;
  border: 1px solid rgba(255,255,255,0.08); }
.panel h2 { margin-top: 0; font-size: 18px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; }
dt { color: #9a9e9e; } dd { margin: 0; word-break: break-all; }
.panel button { min-height: 36px; padding: 0 14px; border-radius: 999px; border: 1px solid rgba(255,255,255,0.16);
  background: #252627; color: #e4e7e7; font: inherit; font-size: 14px; cursor: pointer; }
.panel button:hover { border-color: #3396ff; }
.panel button:disabled { opacity: 0.5; cursor: default; }
.panel input { min-height: 36px; padding: 0 10px; border-radius: 8px; border: 1px solid rgba(255,255,255,0.16);
  background: #0f1011; color: #e4e7e7; font: inherit; font-size: 14px; }
.panel :focus-visible { outline: 2px solid #3396ff; outline-offset: 2px; }
`
