/**
 * Keeps the guest's place and filter when they switch language (progressive enhancement: without
 * it the switch is a plain link to the top of the page, with the filter the page was served with).
 * On a click on a language link, the link gets the current query (the filter as the filter script
 * left it in the URL) with its own `lang`, and the current `#anchor`, or else the section the guest
 * is reading (section ids are the same in every language). One constant string, so its CSP hash never changes.
 */
export const LANG_SWITCH_SCRIPT =
  `document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('.lg a');if(!a)return;var h=location.hash;` +
  `if(!h){var s=[].filter.call(document.querySelectorAll('section[id^="s-"]'),function(x){return x.getBoundingClientRect().top<80}).pop();if(s)h='#'+s.id}` +
  `if(h)a.hash=h;if(window.URLSearchParams){var q=new URLSearchParams(location.search);q.set('lang',a.getAttribute('hreflang'));a.search=q.toString()}});`;
