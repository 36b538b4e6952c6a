// AST of PocketBase's filter language (fexpr v0.5 / PocketBase v0.28).
// Pure data: produced by parser.ts, consumed by the SQL compiler.

export type SignOp = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~' | '?=' | '?!=' | '?>' | '?>=' | '?<' | '?<=' | '?~' | '?!~';
export type JoinOp = '&&' | '||';
export type Operand =
  | { kind: 'identifier'; name: string } // raw identifier text, e.g. "author.name", "@request.auth.id", "tags:each", "null", "true"
  | { kind: 'text'; value: string } // quoted text with escapes resolved
  | { kind: 'number'; value: number }
  | { kind: 'call'; name: string; args: Operand[] }; // function call e.g. geoDistance(a, b, 1, 2)
export interface Expr {
  kind: 'expr';
  left: Operand;
  op: SignOp;
  right: Operand;
}
export interface Group {
  kind: 'group';
  items: GroupItem[];
} // items[0].join is null; others are '&&' or '||'
export interface GroupItem {
  join: JoinOp | null;
  node: Expr | Group;
}
