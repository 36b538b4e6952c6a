/**
 * A dish's details as an overlay (progressive enhancement: without JavaScript, or when anything
 * fails, the dish's name is a plain link to its page `/m/{slug}/i/{id}`). A tap on the name
 * fetches that page (the server counts it as the dish's view, as it counts the page), moves its
 * `<main>` into a modal `<dialog>` (focus stays inside it; the page behind is inert) and pushes
 * the dish's URL, so it can be shared. Back, Esc, the close button, the "back to the menu" link
 * or a tap beside the dialog go back in history; `popstate` closes the dialog, and focus returns
 * to the dish's link at the same scroll position. The dish page's own stylesheet (`#dc`) is
 * adopted once. Forward to a dish again reloads its page. In a frame (an embed, as tall as the
 * menu: the bottom of the frame may be far below what the visitor sees) it opens where the tapped
 * dish is, at most 560 px tall, instead of as a sheet at the frame's bottom.
 */
export const DETAIL_SCRIPT =
  `(()=>{const d=document.createElement('dialog'),g=i=>document.getElementById(i),back=e=>{e.preventDefault();history.back()};let o;` +
  `if(!d.showModal)return;d.className='dl dt';document.body.append(d);d.oncancel=back;d.onclick=e=>{(e.target==d||e.target.closest('.x,.bk'))&&back(e)};` +
  `addEventListener('popstate',e=>{if(e.state&&e.state.dl)location.reload();else{d.open&&d.close();o&&o.focus({preventScroll:true})}});` +
  `document.addEventListener('click',e=>{const a=e.target.closest('.i h3 a');if(!a||e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;` +
  `e.preventDefault();o=a;fetch(a.href).then(r=>{if(!r.ok)throw r;return r.text()}).then(t=>{` +
  `const p=new DOMParser().parseFromString(t,'text/html'),m=p.querySelector('main'),c=p.getElementById('dc'),x=document.createElement('button');` +
  `g('dc')||document.head.append(c);x.className='x';x.textContent='×';x.setAttribute('aria-label',m.dataset.x);d.replaceChildren(x,...m.childNodes);` +
  `const h=d.querySelector('h1');h.id='dh';d.setAttribute('aria-labelledby','dh');history.pushState({dl:1},'',a.href);parent!=window&&(d.style.cssText='margin:'+Math.max(0,a.getBoundingClientRect().top-16)+'px auto auto;max-height:560px;border-radius:16px');d.showModal();d.scrollTop=0})` +
  `.catch(()=>{location.href=a.href})})})();`;
