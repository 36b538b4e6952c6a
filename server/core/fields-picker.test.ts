import { describe, expect, it } from 'vitest';
import { applyFields, parseFields } from './fields-picker.ts';

function excerpt(html: string, args = '100'): unknown {
  return (applyFields({ body: html }, parseFields(`body:excerpt(${args})`)) as { body: unknown }).body;
}

/** `:excerpt(max, withEllipsis)` as PocketBase's tools/picker/excerpt_modifier.go. */
describe('fields picker :excerpt', () => {
  it.each([
    // Inline tags vanish without a space; block tags separate words.
    ['<p>Hello <b>wo</b>rld</p>', 'Hello world'],
    ['<p>one</p><p>two</p>', 'one two'],
    ['<div>a<div>b</div>c</div>', 'a b c'],
    ['<h1>Title</h1>Text<br>more', 'Title Textmore'],
    ['<span>in</span><em>line</em>', 'inline'],
    // Whitespace collapses and the result is trimmed.
    ['  <p>  lots \n\t of   space  </p>  ', 'lots of space'],
    // Content of excluded elements is dropped, comments too.
    ['<p>keep</p><script>alert(1)</script><style>p{}</style><!-- note --><p>this</p>', 'keep this'],
    ['A<img src="x.png">B', 'AB'],
    ['<form><input value="x"><button>Go</button></form>after', 'after'],
    // Entities are text, as after an HTML parser.
    ['Fish &amp; chips &lt;3 &#8364;5 &#x41;', 'Fish & chips <3 €5 A'],
    ['a < b', 'a < b'],
    ['plain text', 'plain text'],
  ])('%s', (html, expected) => {
    expect(excerpt(html)).toBe(expected);
  });

  it('cuts at max characters, trims and adds the ellipsis', () => {
    expect(excerpt('<p>Hello <b>wo</b>rld and more</p>', '5,true')).toBe('Hello...');
    expect(excerpt('<p>Hello <b>wo</b>rld</p>', '6,true')).toBe('Hello...');
    expect(excerpt('<p>Hello</p>', '5,true')).toBe('Hello');
    expect(excerpt('<p>Grüße aus Köln</p>', '5')).toBe('Grüße');
  });

  it('keeps non-string values', () => {
    expect(excerpt(42 as unknown as string)).toBe(42);
  });
});
