import { FOLD_JS, MAX_QUERY } from '../../../shared/search.ts';

/**
 * The guest form `#f` instantly (progressive enhancement: without JavaScript the form is sent and
 * the server filters and searches): on every tick of a filter box, and 150 ms after the guest
 * stops typing in the search field, each dish's `hidden` is set by the server's rules —
 * `passesFilter` (every checked label in `data-d`, none of the checked allergens in `data-a`) and
 * the search (every folded word of the query in the dish's texts: shared/search.ts, the same
 * `FOLD_JS`; the texts are read once from the markup in the order of search.ts `searchTexts`).
 * Sections left without a dish are hidden, "no dish matches" (`#nm`, the filter) or "no dishes
 * match “…”" (`#nq`, the search, with its "show all" link clearing the field) shows when nothing is
 * left, and the URL follows the form (history.replaceState), so it can be shared or reloaded.
 */
export const SEARCH_SCRIPT =
  `(()=>{const f=document.getElementById('f'),q=f&&f.elements.q;if(!q)return;` +
  `const F=${FOLD_JS},$=(s,r=document)=>[...r.querySelectorAll(s)],g=i=>document.getElementById(i),nm=g('nm'),nq=g('nq'),` +
  `I=$('.i').map(li=>{const a=li.querySelector('h3 a'),d=li.querySelector('div>p:not([class])');` +
  `return{li,t:F([a&&a.textContent,d&&d.textContent,...$('.tg span',li).map(x=>x.textContent),...$('[data-o]',li).map(x=>x.firstChild.textContent)].join('\\n')),` +
  `d:\` \${li.dataset.d||''} \`,a:\` \${li.dataset.a||''} \`}});let T;` +
  `function run(){const v=q.value.trim(),w=F(v.slice(0,${MAX_QUERY})).split(/\\s+/).filter(Boolean),c=$('input:checked',f),` +
  `n=I.filter(o=>!(o.li.hidden=!c.every(x=>x.name=='diet'?o.d.includes(\` \${x.value} \`):!o.a.includes(\` \${x.value} \`))||!w.every(x=>o.t.includes(x)))).length;` +
  `$('section[id^="s-"]').forEach(s=>s.hidden=!s.querySelector('.i:not([hidden])'));` +
  `if(nm)nm.hidden=n||w.length;if(nq){nq.hidden=n||!w.length;nq.querySelector('span').textContent=v}` +
  `const p=new URLSearchParams(new FormData(f));w.length||p.delete('q');p.delete('s');const s=''+p;` +
  `history.replaceState(history.state,'',location.pathname+(s&&'?'+s)+location.hash)}` +
  `f.onchange=run;q.oninput=()=>{clearTimeout(T);T=setTimeout(run,150)};f.onsubmit=e=>{e.preventDefault();clearTimeout(T);run();q.blur()};` +
  `nq&&(nq.querySelector('a').onclick=e=>{e.preventDefault();q.value='';run();q.focus()});addEventListener('pageshow',run)})();`;
