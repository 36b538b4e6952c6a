/**
 * Live updates for an open guest page (progressive enhancement, well under 5 KB): subscribes to
 * the venue's public read-only realtime topic and updates sold-out badges and prices in place
 * (prices formatted in the page's language), and options sold out or back (an option by its
 * places `at`: [dish id, group index, option index] of every dish offering it, see render.ts
 * `optionPlaces`; a dish in every set menu course offering it by `data-o="{id}"`; the "sold out"
 * badge is the page's own, in its language). Uses no cookies and no storage.
 * The page states its currency (`data-c`) and that currency's ISO 4217 exponent (`data-e`, from
 * shared/money.ts), so the script stays one constant string (its CSP hash never changes) and
 * still shows 1250 as ¥1,250 or KWD 1.250.
 */
export const LIVE_SCRIPT =
  `(function(){if(!window.EventSource||!window.fetch)return;var b=document.body,v=b.getAttribute('data-v'),c=b.getAttribute('data-c'),dg=+b.getAttribute('data-e')||0,l=document.documentElement.lang,t='guest/'+v,es,f;` +
  `try{f=new Intl.NumberFormat(l,{style:'currency',currency:c,minimumFractionDigits:dg,maximumFractionDigits:dg})}catch(x){return}` +
  `function tg(o,a){var s=o.querySelector('.so');o.classList.toggle('out',!a);` +
  `if(!a&&!s){var k=document.querySelector('.so');if(k){s=k.cloneNode(true);s.hidden=false;o.appendChild(s)}}else if(a&&s)o.removeChild(s)}` +
  `function mk(u){document.querySelectorAll('[data-o="'+u.id+'"]').forEach(function(o){tg(o,u.available)})}` +
  `function op(u){(u.at||[]).forEach(function(p){var li=document.getElementById('i-'+p[0]),g=li&&li.querySelectorAll('p.og')[p[1]],o=g&&g.querySelectorAll('[data-o]')[p[2]];if(o)tg(o,u.available)})}` +
  `function on(e){var d;try{d=JSON.parse(e.data)}catch(x){return}(d.items||[]).forEach(function(u){mk(u);var li=document.getElementById('i-'+u.id);if(!li)return;` +
  `li.classList.toggle('out',!u.available);var so=li.querySelector('.so');if(so)so.hidden=!!u.available;var ps=li.querySelector('.ps');` +
  `if(ps&&u.prices){ps.textContent='';u.prices.forEach(function(p){var s=document.createElement('span');s.className='p';if(p.label){var m=document.createElement('small');m.textContent=p.label;s.appendChild(m);s.appendChild(document.createTextNode(' '))}` +
  `s.appendChild(document.createTextNode(f.format(p.amount/Math.pow(10,dg))));ps.appendChild(s)})}});(d.options||[]).forEach(op)}` +
  `function go(){es=new EventSource('/api/realtime');es.addEventListener('PB_CONNECT',function(e){fetch('/api/realtime',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({clientId:e.lastEventId,subscriptions:[t]})})});` +
  `es.addEventListener(t,on);es.onerror=function(){if(es.readyState===2)setTimeout(go,2000)}}go()})();`;
