// Recursive-descent parser for PocketBase's filter language (fexpr v0.5).
//
//   filter  := group (join group)*
//   group   := '(' filter ')' | expr
//   expr    := operand SIGN operand
//   operand := identifier | text | number | function-call
//
// Recursion only happens for "(" and nested function calls, and both are
// depth-checked *before* descending, so hostile input cannot overflow the stack.
import type { Expr, Group, GroupItem, JoinOp, Operand } from './ast.ts';
import { describeToken, FilterSyntaxError, quote, tokenize } from './lexer.ts';
import type { Token } from './lexer.ts';

export { FilterSyntaxError } from './lexer.ts';

/** Max number of `a OP b` expressions in one filter (same limit as PocketBase). */
export const MAX_FILTER_EXPRESSIONS = 200;
/** Max nesting depth of parentheses. */
export const MAX_GROUP_DEPTH = 64;
/** Max nesting depth of function calls, e.g. f(g(h())) is 3 (fexpr's limit). */
export const MAX_FUNCTION_DEPTH = 3;

type FuncToken = Extract<Token, { kind: 'func' }>;

class Parser {
  private pos = 0;
  private exprCount = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    // tokenize() always ends with eof and we never advance past it
    return this.tokens[this.pos] as Token;
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  /** Whole input: a filter followed by end of input. */
  parseRoot(): Group {
    const group = this.parseFilter(0);
    const t = this.peek();
    if (t.kind === 'rparen') throw new FilterSyntaxError('unexpected ")" without matching "("', t.pos);
    if (t.kind !== 'eof') throw new FilterSyntaxError(`expected "&&" or "||", got ${describeToken(t)}`, t.pos);
    return group;
  }

  /** filter := group (join group)* ; stops at the first token that is not a join. */
  private parseFilter(depth: number): Group {
    const items: GroupItem[] = [];
    let join: JoinOp | null = null;
    for (;;) {
      items.push({ join, node: this.parseGroup(depth) });
      const t = this.peek();
      if (t.kind !== 'join') return { kind: 'group', items };
      this.pos++;
      join = t.value;
    }
  }

  /** group := '(' filter ')' | expr */
  private parseGroup(depth: number): Expr | Group {
    const open = this.peek();
    if (open.kind !== 'lparen') return this.parseExpr();

    if (depth >= MAX_GROUP_DEPTH) {
      throw new FilterSyntaxError(`max parentheses nesting depth (${MAX_GROUP_DEPTH}) exceeded`, open.pos, true);
    }
    this.pos++;
    if (this.peek().kind === 'rparen') throw new FilterSyntaxError('empty parentheses', open.pos);

    const group = this.parseFilter(depth + 1);
    const close = this.next();
    if (close.kind === 'rparen') return group;
    if (close.kind === 'eof') throw new FilterSyntaxError('unclosed "("', open.pos);
    throw new FilterSyntaxError(`expected "&&", "||" or ")", got ${describeToken(close)}`, close.pos);
  }

  /** expr := operand SIGN operand */
  private parseExpr(): Expr {
    if (this.exprCount >= MAX_FILTER_EXPRESSIONS)
      throw new FilterSyntaxError(`max filter expressions limit (${MAX_FILTER_EXPRESSIONS}) reached`, null, true);

    const left = this.parseOperand('left operand', 0);
    const sign = this.next();
    if (sign.kind !== 'sign') {
      throw new FilterSyntaxError(`expected sign operator, got ${describeToken(sign)}`, sign.pos);
    }
    const right = this.parseOperand('right operand', 0);
    this.exprCount++;
    return { kind: 'expr', left, op: sign.value, right };
  }

  /** operand := identifier | text | number | function-call ; `callDepth` = enclosing calls. */
  private parseOperand(what: string, callDepth: number): Operand {
    const t = this.next();
    switch (t.kind) {
      case 'identifier':
        return { kind: 'identifier', name: t.value };
      case 'text':
        return { kind: 'text', value: t.value };
      case 'number':
        return { kind: 'number', value: t.value };
      case 'func':
        return this.parseCall(t, callDepth + 1);
      default:
        throw new FilterSyntaxError(`expected ${what}, got ${describeToken(t)}`, t.pos);
    }
  }

  /** Arguments of `name(` up to the matching ")". A trailing comma is accepted, as in fexpr. */
  private parseCall(fn: FuncToken, depth: number): Operand {
    if (depth > MAX_FUNCTION_DEPTH) {
      throw new FilterSyntaxError(`max nested function calls depth (${MAX_FUNCTION_DEPTH}) exceeded`, fn.pos, true);
    }
    const name = quote(fn.value);
    const args: Operand[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'rparen') break;
      if (t.kind === 'eof') throw new FilterSyntaxError(`unclosed function call ${name}`, fn.pos);
      args.push(this.parseOperand(`argument of function ${name}`, depth));

      const sep = this.peek();
      if (sep.kind === 'comma') this.pos++;
      else if (sep.kind !== 'rparen' && sep.kind !== 'eof') {
        throw new FilterSyntaxError(`expected "," or ")" in function ${name}, got ${describeToken(sep)}`, sep.pos);
      }
    }
    this.pos++; // ")"
    return { kind: 'call', name: fn.value, args };
  }
}

/**
 * Parse a PocketBase filter string into an AST. Joins are kept in source order
 * (no precedence restructuring). Throws FilterSyntaxError on any invalid input.
 */
export function parseFilter(input: string): Group {
  const tokens = tokenize(input);
  if (tokens.length === 1) throw new FilterSyntaxError('empty filter expression');
  return new Parser(tokens).parseRoot();
}
