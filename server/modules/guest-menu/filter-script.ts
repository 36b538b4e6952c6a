/**
 * The guest filter, instantly (progressive enhancement of the GET form `#f`, which without
 * JavaScript applies with its `<noscript>` button and is filtered by the server). On every change each dish's
 * `hidden` is set by the same rule as the server's (`passesFilter`): it has every checked label
 * (`data-d`) and none of the checked allergens it cannot avoid (`data-a`); the URL follows the
 * form, so the filter can be shared or reloaded; "no dish matches" (`#nm`) shows when none is left. One constant string, so its CSP hash never changes.
 */
export const FILTER_SCRIPT =
  `(function(){var f=document.getElementById('f');if(!f||!window.URLSearchParams||!window.FormData)return;` +
  `function on(){var d=[],h=[];[].forEach.call(f.querySelectorAll('input:checked'),function(x){(x.name==='diet'?d:h).push(x.value)});` +
  `var n=0;[].forEach.call(document.querySelectorAll('.i'),function(li){var w=' '+(li.getAttribute('data-d')||'')+' ',a=' '+(li.getAttribute('data-a')||'')+' ';` +
  `li.hidden=d.some(function(x){return w.indexOf(' '+x+' ')<0})||h.some(function(x){return a.indexOf(' '+x+' ')>=0});if(!li.hidden)n++});` +
  `var m=document.getElementById('nm');if(m)m.hidden=n>0;` +
  `var q=new URLSearchParams(new FormData(f)).toString();history.replaceState(null,'',location.pathname+(q?'?'+q:'')+location.hash)}` +
  `f.addEventListener('change',on)})();`;
