// Lexer for PocketBase's filter language (fexpr v0.5). Single forward pass,
// no recursion, no backtracking: cost is linear in the input length.
import type { JoinOp, SignOp } from './ast.ts';

/** Syntax error in a filter; `position` is the 0-based string offset, when known. */
export class FilterSyntaxError extends Error {
  readonly position: number | null;
  /** A size limit (expressions, nesting) was hit, rather than bad syntax: its message names it. */
  readonly isLimit: boolean;

  constructor(message: string, position: number | null = null, isLimit = false) {
    super(position === null ? message : `${message} at position ${position}`);
    this.name = 'FilterSyntaxError';
    this.position = position;
    this.isLimit = isLimit;
  }
}

export type Token =
  | { kind: 'identifier'; value: string; pos: number }
  | { kind: 'func'; value: string; pos: number } // `name(`: the "(" is part of the token
  | { kind: 'text'; value: string; pos: number } // quotes stripped, escapes resolved
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'sign'; value: SignOp; pos: number }
  | { kind: 'join'; value: JoinOp; pos: number }
  | { kind: 'lparen' | 'rparen' | 'comma' | 'eof'; pos: number };

const SIGN_OPS: ReadonlySet<string> = new Set<SignOp>([
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  '~',
  '!~',
  '?=',
  '?!=',
  '?>',
  '?>=',
  '?<',
  '?<=',
  '?~',
  '?!~',
]);
const JOIN_OPS: ReadonlySet<string> = new Set<JoinOp>(['&&', '||']);
const SIGN_CHARS: ReadonlySet<string> = new Set('=?!<>~');
const JOIN_CHARS: ReadonlySet<string> = new Set('&|');
const SPECIAL_START: ReadonlySet<string> = new Set('@_#');
// `\r` is deliberately not whitespace (fexpr rejects it).
const WHITESPACE: ReadonlySet<string> = new Set(' \t\n');
const LETTER = /^\p{L}$/u;

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';
const isLetter = (ch: string): boolean => LETTER.test(ch);
const isIdentStart = (ch: string): boolean => isLetter(ch) || SPECIAL_START.has(ch);
const isIdentPart = (ch: string): boolean => isLetter(ch) || isDigit(ch) || ch === '_' || ch === '.' || ch === ':';

function isSignOp(s: string): s is SignOp {
  return SIGN_OPS.has(s);
}
function isJoinOp(s: string): s is JoinOp {
  return JOIN_OPS.has(s);
}

/** Full code point at `i` (so non-BMP letters work), or '' past the end. */
function charAt(input: string, i: number): string {
  const cp = input.codePointAt(i);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/** Quote a user-supplied fragment for an error message, truncated so huge inputs don't bloat errors. */
export function quote(s: string): string {
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}...` : s);
}

/** Human-readable token description for parser error messages. */
export function describeToken(t: Token): string {
  switch (t.kind) {
    case 'eof':
      return 'end of input';
    case 'lparen':
      return '"("';
    case 'rparen':
      return '")"';
    case 'comma':
      return '","';
    case 'identifier':
      return `identifier ${quote(t.value)}`;
    case 'func':
      return `function call ${quote(`${t.value}(`)}`;
    case 'text':
      return `text ${quote(t.value)}`;
    case 'number':
      return `number ${t.value}`;
    case 'sign':
    case 'join':
      return quote(t.value);
  }
}

// Must not end with a combine char ("a." / "a:") and must not be a lone special char ("@", "_", "#").
function isValidIdentifier(name: string): boolean {
  const last = name[name.length - 1];
  return last !== '.' && last !== ':' && !(name.length === 1 && SPECIAL_START.has(name));
}

/** Tokenize a filter. Whitespace and `//` comments are dropped; the last token is always `eof`. */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const len = input.length;
  let i = 0;

  while (i < len) {
    const start = i;
    const ch = charAt(input, i);

    if (WHITESPACE.has(ch)) {
      i++;
      continue;
    }

    if (ch === '/' && input[i + 1] === '/') {
      // comment runs to the end of the line (the "\n" itself is whitespace)
      const nl = input.indexOf('\n', i);
      i = nl === -1 ? len : nl;
      continue;
    }

    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: ch === '(' ? 'lparen' : ch === ')' ? 'rparen' : 'comma', pos: start });
      i++;
      continue;
    }

    if (isIdentStart(ch)) {
      i += ch.length;
      for (let c = charAt(input, i); c !== '' && isIdentPart(c); c = charAt(input, i)) i += c.length;
      const name = input.slice(start, i);
      if (!isValidIdentifier(name)) throw new FilterSyntaxError(`invalid identifier ${quote(name)}`, start);
      if (input[i] === '(') {
        // identifier immediately followed by "(" is a function call
        tokens.push({ kind: 'func', value: name, pos: start });
        i++;
      } else {
        tokens.push({ kind: 'identifier', value: name, pos: start });
      }
      continue;
    }

    if (ch === '-' || isDigit(ch)) {
      // -?digits(.digits)?  -- no exponent, no leading/trailing dot
      if (ch === '-') i++;
      const intStart = i;
      while (isDigit(input[i])) i++;
      let ok = i > intStart;
      if (ok && input[i] === '.') {
        i++;
        const fracStart = i;
        while (isDigit(input[i])) i++;
        ok = i > fracStart;
      }
      const literal = input.slice(start, i);
      if (!ok) throw new FilterSyntaxError(`invalid number ${quote(literal)}`, start);
      const value = Number(literal);
      // e.g. 400 digits -> Infinity; refuse rather than hand Infinity to SQL
      if (!Number.isFinite(value)) throw new FilterSyntaxError(`number ${quote(literal)} is out of range`, start);
      tokens.push({ kind: 'number', value, pos: start });
      continue;
    }

    if (ch === '"' || ch === "'") {
      // The only escape is a backslash before the same quote char; other backslashes stay literal.
      const parts: string[] = [];
      let chunk = ++i;
      for (;;) {
        if (i >= len) throw new FilterSyntaxError('unterminated quoted text', start);
        const c = input[i];
        if (c === ch) break;
        if (c === '\\' && input[i + 1] === ch) {
          parts.push(input.slice(chunk, i));
          chunk = ++i; // drop the backslash, keep the quote as text
        }
        i++;
      }
      parts.push(input.slice(chunk, i));
      i++; // closing quote
      tokens.push({ kind: 'text', value: parts.join(''), pos: start });
      continue;
    }

    if (SIGN_CHARS.has(ch)) {
      // greedy, like fexpr: "==" or "=!" is one invalid operator, not two tokens
      while (i < len && SIGN_CHARS.has(input[i] as string)) i++;
      const op = input.slice(start, i);
      if (!isSignOp(op)) throw new FilterSyntaxError(`invalid sign operator ${quote(op)}`, start);
      tokens.push({ kind: 'sign', value: op, pos: start });
      continue;
    }

    if (JOIN_CHARS.has(ch)) {
      while (i < len && JOIN_CHARS.has(input[i] as string)) i++;
      const op = input.slice(start, i);
      if (!isJoinOp(op)) throw new FilterSyntaxError(`invalid join operator ${quote(op)}`, start);
      tokens.push({ kind: 'join', value: op, pos: start });
      continue;
    }

    throw new FilterSyntaxError(`unexpected character ${quote(ch)}`, start);
  }

  tokens.push({ kind: 'eof', pos: len });
  return tokens;
}
