/**
 * Tap to copy (the Wi-Fi password): shows the copy buttons (`hidden` in the HTML, so without
 * JavaScript or a clipboard the password stays selectable text) and copies `data-cp` on a tap,
 * then says `data-ok` ("Copied"). One constant string, so its CSP hash never changes.
 */
export const COPY_SCRIPT =
  `(function(){var c=navigator.clipboard;if(!c)return;[].forEach.call(document.querySelectorAll('[data-cp]'),function(b){b.hidden=false;` +
  `b.addEventListener('click',function(){c.writeText(b.getAttribute('data-cp')).then(function(){b.textContent=b.getAttribute('data-ok')})})})})();`;
