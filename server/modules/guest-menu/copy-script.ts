/**
 * Tap to copy (the Wi-Fi password): shows the copy buttons (`.cp`, `hidden` in the HTML, so
 * without JavaScript or a clipboard the password stays selectable text) and copies the text of
 * the element before each (the `<code>`) on a tap, then says `data-ok` ("Copied"). One constant
 * string, so its CSP hash never changes.
 */
export const COPY_SCRIPT =
  // Arrow functions: every browser with a clipboard API has them (an older one skips the script, the password stays selectable).
  `(c=>{c&&document.querySelectorAll('.cp').forEach(b=>{b.hidden=!1;` +
  `b.onclick=()=>c.writeText(b.previousElementSibling.textContent).then(()=>b.textContent=b.dataset.ok)})})(navigator.clipboard)`;
