/**
 * The guest page's beacons (guest-events.ts): small same-origin POSTs to `/m/{slug}/events`
 * (`fetch` with `keepalive`, so a beacon sent as the guest follows a language link still arrives;
 * a plain-text JSON body, so no preflight), no cookie and no identifier: only what happened. A
 * search counts once it ended without a result (1.5 s after the last keystroke, or when the field
 * loses focus: only the final words, each distinct query once per page); a filter box when it is
 * ticked; a language when its link is followed. Part of the external guest script
 * (guest-script.ts), so it costs the menu's HTML nothing; a failed beacon is ignored.
 */
export const GUEST_EVENTS_SCRIPT =
  `(()=>{const p=location.pathname.split('/'),g=i=>document.getElementById(i),f=g('f'),n=g('nq'),q=f&&f.elements.q,` +
  `b=(k,t)=>fetch(\`/m/\${p[2]}/events\`,{method:'POST',keepalive:!0,body:JSON.stringify({m:p[3]!='i'&&p[3]||'',k,t})}).catch(()=>0),` +
  `c=()=>{const v=q.value.trim();v&&v!=s&&!n.hidden&&b('search',s=v)},w=d=>()=>{clearTimeout(T);T=setTimeout(c,d)};let T,s;` +
  `if(p[1]!='m')return;if(q&&n){q.addEventListener('input',w(1500));q.addEventListener('blur',w(200))}` +
  `f&&f.addEventListener('change',({target:x})=>x.checked&&b('filter',x.name+':'+x.value));` +
  `document.addEventListener('click',e=>{const a=e.target.closest&&e.target.closest('.lg a[hreflang]');a&&b('lang',a.hreflang)})})();`;
