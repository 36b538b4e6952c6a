/**
 * The guest page's whole stylesheet, inlined (no extra request, no web fonts). Kept well under
 * 4 KB; `--b` is the venue colour already corrected for contrast in each scheme.
 */
export const GUEST_CSS = [
  ':root{--p:max(16px,50% - 364px);color-scheme:light dark;--bg:#fff;--fg:#111827;--mu:#4b5563;--ln:#e5e7eb;--cd:#f9fafb}',
  '@media(prefers-color-scheme:dark){:root{--bg:#111827;--fg:#f3f4f6;--mu:#b4bcc8;--ln:#273244;--cd:#1a2333}}',
  '*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}',
  'header{display:flex;gap:12px;align-items:center;padding:16px var(--p);border-bottom:4px solid var(--b)}header h1{margin:0;font-size:1.4rem;line-height:1.2}header p{margin:2px 0 0;color:var(--mu);font-size:.875rem}',
  '.lo{border-radius:12px;object-fit:cover;flex:none}.lg{margin-left:auto;display:flex;gap:6px}.lg a,.lg b{padding:6px 8px;border-radius:8px;font-size:.8rem}.lg b{background:var(--b);color:var(--bt)}',
  'a{color:var(--b)}.sn{position:sticky;top:0;z-index:2;display:flex;gap:4px;overflow-x:auto;padding:8px var(--p);background:var(--bg);border-bottom:1px solid var(--ln);scrollbar-width:none}',
  '.sn a{flex:none;max-width:85%;padding:8px 12px;border-radius:999px;text-decoration:none;color:var(--fg);background:var(--cd);font-size:.9rem;font-weight:500}',
  'main{max-width:760px;margin:0 auto;padding:8px 16px 24px}h2{font-size:1.2rem;margin:28px 0 8px;scroll-margin-top:64px}.mt{font-size:1.5rem;color:var(--b)}',
  '.md,.sd{color:var(--mu);margin:0 0 8px}ul{list-style:none;margin:0;padding:0}',
  '.i{scroll-margin-top:64px;display:flex;gap:12px;justify-content:space-between;padding:14px 0;border-bottom:1px solid var(--ln)}.i h3{margin:0;font-size:1rem;font-weight:600}',
  '.i p,.i details{margin:4px 0 0;color:var(--mu);font-size:.92rem}.i img{flex:none;border-radius:10px;object-fit:cover;background:var(--cd)}',
  '.ps{display:flex;flex-wrap:wrap;gap:4px 14px;color:var(--fg)!important;font-weight:600}.ps small{font-weight:400;color:var(--mu)}',
  '.so{display:inline-block;margin-left:6px;padding:1px 8px;border-radius:999px;background:#b91c1c;color:#fff;font-size:.75rem;font-weight:600;vertical-align:middle}',
  '.out h3,.out .ps{color:var(--mu)!important}.out .ps{text-decoration:line-through}',
  '.tg{display:flex;flex-wrap:wrap;gap:6px}.tg span{font-size:.75rem;padding:1px 8px;border-radius:999px;border:1px solid var(--c);color:var(--fg)}',
  '.fl{margin:12px 0}.fl details{margin:0 0 8px;padding:8px 12px;border:1px solid var(--ln);border-radius:12px;background:var(--cd)}',
  '.fl summary{cursor:pointer;font-weight:600;padding:4px 0}.fl div{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:6px;padding:8px 0}',
  '.fl label{display:flex;gap:8px;align-items:center;font-size:.9rem;min-height:32px}input{width:20px;height:20px;accent-color:var(--b)}',
  '.fl [type=search]{display:block;width:100%;height:44px;margin:0 0 8px;padding:0 14px;font:inherit;color:inherit;background:var(--cd);border:1px solid var(--ln);border-radius:12px}',
  '.fl button{font:inherit;padding:6px 16px;border-radius:999px;border:0;background:var(--b);color:var(--bt);min-height:36px}[hidden]{display:none!important}',
  '.sp{position:absolute;width:0;height:0}.dg{width:1.1em;height:1.1em;vertical-align:-.15em}.w2{width:2.2em}.w3{width:3.3em}h3 .dg{margin-left:4px}',
  '.og .out{text-decoration:line-through;color:var(--mu)}.og .so{text-decoration:none}.nu,.al,.i details{font-size:.8rem!important}',
  '.cs{margin:6px 0 0;padding:2px 0 2px 10px;border-left:3px solid var(--b);list-style:none;color:var(--mu);font-size:.92rem}.cs b{color:var(--fg)}',
  '.sm{margin-left:6px;padding:0 6px;border:1px solid var(--b);border-radius:6px;font-size:.7rem;font-weight:500;vertical-align:middle}',
  '.later li{padding:6px 0;color:var(--mu)}.empty,.nf{padding:48px 16px;text-align:center;color:var(--mu)}.nf h1{color:var(--fg)}',
  'footer{max-width:760px;margin:0 auto;padding:16px;color:var(--mu);font-size:.85rem}footer h2{font-size:1rem}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:0}dt{font-weight:700}dd{margin:0}',
  ':focus-visible{outline:3px solid var(--b);outline-offset:2px}',
].join('');
