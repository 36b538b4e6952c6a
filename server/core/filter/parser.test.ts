import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Expr, Group, GroupItem, JoinOp, Operand, SignOp } from './ast.ts';
import { tokenize } from './lexer.ts';
import { announceSeed } from '../../test/test-seed.ts';
import { FilterSyntaxError, MAX_FILTER_EXPRESSIONS, MAX_FUNCTION_DEPTH, MAX_GROUP_DEPTH, parseFilter } from './parser.ts';

// --- AST builders -----------------------------------------------------------
const id = (name: string): Operand => ({ kind: 'identifier', name });
const txt = (value: string): Operand => ({ kind: 'text', value });
const num = (value: number): Operand => ({ kind: 'number', value });
const call = (name: string, ...args: Operand[]): Operand => ({ kind: 'call', name, args });
const ex = (left: Operand, op: SignOp, right: Operand): Expr => ({ kind: 'expr', left, op, right });
/** group(a, '&&', b, '||', c) */
function group(first: Expr | Group, ...rest: (JoinOp | Expr | Group)[]): Group {
  const items: GroupItem[] = [{ join: null, node: first }];
  for (let i = 0; i < rest.length; i += 2) items.push({ join: rest[i] as JoinOp, node: rest[i + 1] as Expr | Group });
  return { kind: 'group', items };
}
/** AST of a filter that is a single expression. */
const single = (left: Operand, op: SignOp, right: Operand): Group => group(ex(left, op, right));

const SIGN_OPS: SignOp[] = ['=', '!=', '>', '>=', '<', '<=', '~', '!~', '?=', '?!=', '?>', '?>=', '?<', '?<=', '?~', '?!~'];

function syntaxError(input: string): FilterSyntaxError {
  try {
    parseFilter(input);
  } catch (err) {
    if (err instanceof FilterSyntaxError) return err;
    throw err;
  }
  throw new Error(`expected ${JSON.stringify(input)} to fail`);
}

// --- lexer --------------------------------------------------------------------
describe('tokenize', () => {
  it('produces positioned tokens and drops whitespace and comments', () => {
    expect(tokenize('f(a, -1.5) >= "x" // c\n&& (b ?!~ \'y\')')).toEqual([
      { kind: 'func', value: 'f', pos: 0 },
      { kind: 'identifier', value: 'a', pos: 2 },
      { kind: 'comma', pos: 3 },
      { kind: 'number', value: -1.5, pos: 5 },
      { kind: 'rparen', pos: 9 },
      { kind: 'sign', value: '>=', pos: 11 },
      { kind: 'text', value: 'x', pos: 14 },
      { kind: 'join', value: '&&', pos: 23 },
      { kind: 'lparen', pos: 26 },
      { kind: 'identifier', value: 'b', pos: 27 },
      { kind: 'sign', value: '?!~', pos: 29 },
      { kind: 'text', value: 'y', pos: 33 },
      { kind: 'rparen', pos: 36 },
      { kind: 'eof', pos: 37 },
    ]);
  });

  it('returns only eof for blank input', () => {
    expect(tokenize(' \t\n// only a comment')).toEqual([{ kind: 'eof', pos: 20 }]);
  });

  it('splits sign operators from a following negative number', () => {
    expect(tokenize('a>=-1').map((t) => t.kind)).toEqual(['identifier', 'sign', 'number', 'eof']);
  });
});

// --- accepted filters -----------------------------------------------------------
describe('parseFilter: valid input', () => {
  const cases: [string, Group][] = [
    ['a = 1', single(id('a'), '=', num(1))],
    [
      'title ~ "abc" && (views > 10 || published = true)',
      group(ex(id('title'), '~', txt('abc')), '&&', group(ex(id('views'), '>', num(10)), '||', ex(id('published'), '=', id('true')))),
    ],
    ["author.name != ''", single(id('author.name'), '!=', txt(''))],
    [
      '@request.auth.id != "" && owner = @request.auth.id',
      group(ex(id('@request.auth.id'), '!=', txt('')), '&&', ex(id('owner'), '=', id('@request.auth.id'))),
    ],
    ["tags:each ?= 'x'", single(id('tags:each'), '?=', txt('x'))],
    ['created >= @todayStart', single(id('created'), '>=', id('@todayStart'))],
    ['geoDistance(lon, lat, 1.5, -2) < 25', single(call('geoDistance', id('lon'), id('lat'), num(1.5), num(-2)), '<', num(25))],
    ["a = 'it\\'s'", single(id('a'), '=', txt("it's"))],
    ['a = "x" // comment\n && b = 2', group(ex(id('a'), '=', txt('x')), '&&', ex(id('b'), '=', num(2)))],
    ["@collection.users:alias.name = 'x'", single(id('@collection.users:alias.name'), '=', txt('x'))],
    ['-1.5 < n', single(num(-1.5), '<', id('n'))],
    ['name:lower = "x"', single(id('name:lower'), '=', txt('x'))],

    // whitespace: space, tab, newline, or none at all
    ['a\t=\n1', single(id('a'), '=', num(1))],
    ['a=1&&b!=2', group(ex(id('a'), '=', num(1)), '&&', ex(id('b'), '!=', num(2)))],
    ['  \n a = 1 \n ', single(id('a'), '=', num(1))],

    // comments
    ['// leading\na = 1', single(id('a'), '=', num(1))],
    ['a = 1 // trailing, no newline', single(id('a'), '=', num(1))],
    ['a = 1 //', single(id('a'), '=', num(1))],
    ['a = f(1, // inside call\n 2)', single(id('a'), '=', call('f', num(1), num(2)))],
    ['a = "http://x" // "//" in text is text', single(id('a'), '=', txt('http://x'))],

    // identifiers
    ['_a = #b', single(id('_a'), '=', id('#b'))],
    ['@_ = a1_b', single(id('@_'), '=', id('a1_b'))],
    ['a.b.c = @request.body.x:isset', single(id('a.b.c'), '=', id('@request.body.x:isset'))],
    ['a = null', single(id('a'), '=', id('null'))],
    ['A_9.Z = x', single(id('A_9.Z'), '=', id('x'))],
    ['é = 1', single(id('é'), '=', num(1))],
    ['名前.値 = "x"', single(id('名前.値'), '=', txt('x'))],

    // text escapes: only a backslash before the same quote is an escape
    ['a = "say \\"hi\\""', single(id('a'), '=', txt('say "hi"'))],
    ["a = 'a\\\\b'", single(id('a'), '=', txt('a\\\\b'))],
    ['a = "a\\\'b"', single(id('a'), '=', txt("a\\'b"))],
    ["a = 'a\"b'", single(id('a'), '=', txt('a"b'))],
    ["a = 'x\\y\\n'", single(id('a'), '=', txt('x\\y\\n'))],
    ["a = 'a\\\\'b'", single(id('a'), '=', txt("a\\'b"))],
    ["a = '( && ) || = '", single(id('a'), '=', txt('( && ) || = '))],
    ["a = 'multi\nline'", single(id('a'), '=', txt('multi\nline'))],
    ['"x" = \'y\'', single(txt('x'), '=', txt('y'))],

    // numbers
    ['a = 0', single(id('a'), '=', num(0))],
    ['a = 007', single(id('a'), '=', num(7))],
    ['a = 12.25', single(id('a'), '=', num(12.25))],
    ['a = -0.5', single(id('a'), '=', num(-0.5))],
    ['a>-3', single(id('a'), '>', num(-3))],
    ['1 = 1', single(num(1), '=', num(1))],

    // function calls
    ['f() = 1', single(call('f'), '=', num(1))],
    ['a = f( )', single(id('a'), '=', call('f'))],
    ['a = f(\'x\', "y", 3)', single(id('a'), '=', call('f', txt('x'), txt('y'), num(3)))],
    ['a = f(g(h(1)))', single(id('a'), '=', call('f', call('g', call('h', num(1)))))],
    ['f(a) = g(b)', single(call('f', id('a')), '=', call('g', id('b')))],
    ['a = f(x,)', single(id('a'), '=', call('f', id('x')))], // trailing comma, as in fexpr
    ['a = @x.y(1)', single(id('a'), '=', call('@x.y', num(1)))],
    ['a = f(\n  1 ,\t2\n)', single(id('a'), '=', call('f', num(1), num(2)))],

    // grouping and join order (kept as written, no precedence restructuring)
    ['a = 1 || b = 2 && c = 3', group(ex(id('a'), '=', num(1)), '||', ex(id('b'), '=', num(2)), '&&', ex(id('c'), '=', num(3)))],
    ['(a = 1)', group(group(ex(id('a'), '=', num(1))))],
    ['((a = 1))', group(group(group(ex(id('a'), '=', num(1)))))],
    [
      '(a = 1 && b = 2) || (c = 3)',
      group(group(ex(id('a'), '=', num(1)), '&&', ex(id('b'), '=', num(2))), '||', group(ex(id('c'), '=', num(3)))),
    ],
    ['(a=1)&&(b=2)', group(group(ex(id('a'), '=', num(1))), '&&', group(ex(id('b'), '=', num(2))))],
  ];

  it.each(cases)('%j', (input, expected) => {
    expect(parseFilter(input)).toEqual(expected);
  });

  it.each(SIGN_OPS)('sign operator %s', (op) => {
    expect(parseFilter(`a ${op} b`)).toEqual(single(id('a'), op, id('b')));
    expect(parseFilter(`a${op}1`)).toEqual(single(id('a'), op, num(1)));
  });
});

// --- rejected filters -----------------------------------------------------------
describe('parseFilter: invalid input', () => {
  const cases: [string, RegExp][] = [
    // brief's must-fail list
    ['a = ', /expected right operand, got end of input at position 4/],
    ['= 1', /expected left operand, got "=" at position 0/],
    ['a == 1', /invalid sign operator "==" at position 2/],
    ['a = 1 &&', /expected left operand, got end of input/],
    ['(a = 1', /unclosed "\(" at position 0/],
    ['a = 1)', /unexpected "\)" without matching "\(" at position 5/],
    ['()', /empty parentheses at position 0/],
    ["a = 'x", /unterminated quoted text at position 4/],
    ['a = 1.', /invalid number "1\." at position 4/],
    ['a = .5', /unexpected character "\." at position 4/],
    ['a = 1e3', /expected "&&" or "\|\|", got identifier "e3" at position 5/],
    ['a.= 1', /invalid identifier "a\." at position 0/],
    ['@ = 1', /invalid identifier "@" at position 0/],
    ['a = 1 $', /unexpected character "\$" at position 6/],
    ['a = 1\r', /unexpected character "\\r" at position 5/],
    ['a = 1; DROP TABLE x', /unexpected character ";" at position 5/],

    // empty
    ['', /^empty filter expression$/],
    [' \t\n ', /^empty filter expression$/],
    ['// just a comment', /^empty filter expression$/],

    // whitespace / characters
    ['a\r= 1', /unexpected character "\\r"/],
    ['a = 1 /', /unexpected character "\/"/],
    ['a = 1 / 2', /unexpected character "\/"/],
    ['a = `x`', /unexpected character "`"/],
    ['a = [1]', /unexpected character "\["/],
    ['a = $1', /unexpected character "\$"/],
    ['a = 1 \u00a0', /unexpected character/],
    ['a = \ud800', /unexpected character "\\ud800"/],

    // identifiers
    ['a: = 1', /invalid identifier "a:"/],
    ['_ = 1', /invalid identifier "_"/],
    ['# = 1', /invalid identifier "#"/],
    ['a = b.c.', /invalid identifier "b\.c\."/],
    ['a = @@x', /invalid identifier "@"/],
    ['a@b = 1', /expected sign operator, got identifier "@b"/],
    ['1a = 1', /expected sign operator, got identifier "a"/],

    // text
    ['a = "x', /unterminated quoted text/],
    ["a = 'x\\'", /unterminated quoted text/],
    ["a = 'x\\\\'", /unterminated quoted text/],
    ['a = "x\'', /unterminated quoted text/],

    // numbers
    ['a = -', /invalid number "-"/],
    ['a = - 1', /invalid number "-"/],
    ['a = -.5', /invalid number "-"/],
    ['a = --1', /invalid number "-"/],
    ['a = 1.x', /invalid number "1\."/],
    ['a = 1.2.3', /unexpected character "\."/],
    ['a = 0x10', /got identifier "x10"/],
    ['a = 1-2', /got number -2/],
    [`a = ${'9'.repeat(400)}`, /is out of range/],

    // sign operators
    ['a ! 1', /invalid sign operator "!"/],
    ['a ? 1', /invalid sign operator "\?"/],
    ['a => 1', /invalid sign operator "=>"/],
    ['a =< 1', /invalid sign operator "=<"/],
    ['a <> 1', /invalid sign operator "<>"/],
    ['a !== 1', /invalid sign operator "!=="/],
    ['a ?? 1', /invalid sign operator "\?\?"/],
    ['a =~ 1', /invalid sign operator "=~"/],
    ['a ~= 1', /invalid sign operator "~="/],
    ['a 1', /expected sign operator, got number 1/],
    ['a', /expected sign operator, got end of input/],
    ['a = 1 = 2', /expected "&&" or "\|\|", got "="/],

    // join operators
    ['a = 1 & b = 2', /invalid join operator "&"/],
    ['a = 1 | b = 2', /invalid join operator "\|"/],
    ['a = 1 &&& b = 2', /invalid join operator "&&&"/],
    ['a = 1 &| b = 2', /invalid join operator "&\|"/],
    ['a = 1 && && b = 2', /expected left operand, got "&&"/],
    ['&& a = 1', /expected left operand, got "&&"/],
    ['a = 1 b = 2', /expected "&&" or "\|\|", got identifier "b"/],
    ['a = 1 AND b = 2', /expected "&&" or "\|\|", got identifier "AND"/],

    // grouping
    ['(', /expected left operand, got end of input/],
    [')', /expected left operand, got "\)"/],
    ['(a = 1))', /unexpected "\)" without matching/],
    ['((a = 1)', /unclosed "\(" at position 0/],
    ['(a = 1) (b = 2)', /expected "&&" or "\|\|", got "\("/],
    ['(a = 1 b = 2)', /expected "&&", "\|\|" or "\)", got identifier "b"/],
    ['a = 1 && ()', /empty parentheses at position 9/],
    ['(()) ', /empty parentheses at position 1/],
    ['(a) = 1', /expected sign operator, got "\)"/],
    ['a = (1)', /expected right operand, got "\("/],
    ['a = 1 && (', /expected left operand, got end of input/],

    // function calls
    ['a = f(', /unclosed function call "f" at position 4/],
    ['a = f(1', /unclosed function call "f"/],
    ['a = f(1,', /unclosed function call "f"/],
    ['a = f(,)', /expected argument of function "f", got ","/],
    ['a = f(1,,2)', /expected argument of function "f", got ","/],
    ['a = f(1 2)', /expected "," or "\)" in function "f", got number 2/],
    ['a = f((1))', /expected argument of function "f", got "\("/],
    ['a = f(a = 1)', /expected "," or "\)" in function "f", got "="/],
    ['a = f(1) && ', /expected left operand/],
    ['a = f (1)', /expected "&&" or "\|\|", got "\("/],
    ['a = b.(1)', /invalid identifier "b\."/],
    ['a = f(g(h(i())))', /max nested function calls depth \(3\) exceeded at position 10/],
    ['a = f(1)(2)', /expected "&&" or "\|\|", got "\("/],
    ['a = f(1))', /unexpected "\)" without matching/],
  ];

  it.each(cases)('%j', (input, message) => {
    expect(() => parseFilter(input)).toThrow(FilterSyntaxError);
    expect(syntaxError(input).message).toMatch(message);
  });

  it('exposes the error position', () => {
    const err = syntaxError('a = 1 $');
    expect(err.name).toBe('FilterSyntaxError');
    expect(err).toBeInstanceOf(Error);
    expect(err.position).toBe(6);
    expect(syntaxError('').position).toBeNull();
  });

  it('truncates huge fragments in error messages', () => {
    const err = syntaxError(`a ${'='.repeat(5000)} 1`);
    expect(err.message.length).toBeLessThan(120);
  });
});

// --- limits and hostile input -------------------------------------------------------
describe('parseFilter: limits', () => {
  const chain = (n: number) => Array.from({ length: n }, (_, i) => `f${i} = ${i}`).join(' && ');
  const nested = (n: number) => `${'('.repeat(n)}a = 1${')'.repeat(n)}`;

  it(`accepts exactly ${MAX_FILTER_EXPRESSIONS} expressions`, () => {
    expect(MAX_FILTER_EXPRESSIONS).toBe(200);
    expect(parseFilter(chain(MAX_FILTER_EXPRESSIONS)).items).toHaveLength(MAX_FILTER_EXPRESSIONS);
  });

  it.each([
    ['201 expressions joined by &&', chain(MAX_FILTER_EXPRESSIONS + 1)],
    ['201 expressions spread over groups', Array.from({ length: 67 }, () => '(a=1 || b=2 || c=3)').join(' && ')],
    ['201 expressions in nested groups', `${'('.repeat(10)}${chain(201)}${')'.repeat(10)}`],
  ])('rejects %s', (_name, input) => {
    expect(syntaxError(input).message).toBe('max filter expressions limit (200) reached');
    expect(syntaxError(input).isLimit).toBe(true);
  });

  it(`accepts ${MAX_GROUP_DEPTH} nested parentheses and rejects ${MAX_GROUP_DEPTH + 1}`, () => {
    let g = parseFilter(nested(MAX_GROUP_DEPTH));
    for (let i = 0; i < MAX_GROUP_DEPTH; i++) g = g.items[0]?.node as Group;
    expect(g).toEqual(single(id('a'), '=', num(1)));
    expect(syntaxError(nested(MAX_GROUP_DEPTH + 1)).message).toMatch(
      new RegExp(`max parentheses nesting depth \\(64\\) exceeded at position ${MAX_GROUP_DEPTH}`),
    );
  });

  it(`limits function call nesting to ${MAX_FUNCTION_DEPTH}`, () => {
    expect(() => parseFilter('a = f(g(h()))')).not.toThrow();
    expect(() => parseFilter('a = f(g(h(i())))')).toThrow(/max nested function calls depth/);
  });

  const hostile: [string, string][] = [
    ['500 nested parens', nested(500)],
    ['500 unclosed parens', '('.repeat(500)],
    ['500 closing parens', `a = 1${')'.repeat(500)}`],
    ['10k open parens', '('.repeat(10_000)],
    ['10k-char identifier soup', 'ab.c '.repeat(2_000)],
    ['10k-char single identifier', 'a'.repeat(10_000)],
    ['10k nested function calls', `a = ${'f('.repeat(5_000)}`],
    ['10k of joins', '&&'.repeat(5_000)],
    ['10k sign chars', `a ${'='.repeat(10_000)} 1`],
    ['10k unterminated text', `a = '${"x\\'".repeat(3_000)}`],
    ['10k comma soup', `a = f(${','.repeat(10_000)})`],
    ['expression chain > limit, 10k+ chars', chain(2_000)],
    ['deep groups of expressions', '(a=1 && '.repeat(1_000)],
    ['alternating parens and joins', '(a=1||'.repeat(2_000) + ')'.repeat(2_000)],
  ];

  it.each(hostile)('rejects %s quickly with FilterSyntaxError', (_name, input) => {
    const started = performance.now();
    expect(() => parseFilter(input)).toThrow(FilterSyntaxError);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('handles large but valid input linearly', () => {
    const big = `a = '${'x'.repeat(100_000)}' && b = f(${Array.from({ length: 5_000 }, () => '1').join(',')})`;
    const started = performance.now();
    const g = parseFilter(big);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((g.items[0]?.node as Expr).right).toEqual(txt('x'.repeat(100_000)));
  });
});

// --- properties ---------------------------------------------------------------------
describe('parseFilter: properties', () => {
  const seed = announceSeed('fast-check');
  /** Returns a Group or throws FilterSyntaxError; any other outcome fails the property. */
  function onlyGroupOrSyntaxError(input: string): boolean {
    try {
      return parseFilter(input).kind === 'group';
    } catch (err) {
      if (err instanceof FilterSyntaxError) return true;
      throw err;
    }
  }

  it('never throws anything but FilterSyntaxError on arbitrary strings', () => {
    fc.assert(fc.property(fc.string(), onlyGroupOrSyntaxError), { seed, numRuns: 2_000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), onlyGroupOrSyntaxError), { seed, numRuns: 1_000 });
  });

  it('never throws anything but FilterSyntaxError on filter-ish strings', () => {
    const unit = fc.constantFrom(...'()\'"=!~?&|@._ az09\n\\,-:#/\t\r');
    fc.assert(fc.property(fc.string({ unit, maxLength: 80 }), onlyGroupOrSyntaxError), { seed, numRuns: 5_000 });
  });

  // Generate ASTs, print them as filter text and check parsing round-trips.
  const identArb = fc.oneof(fc.stringMatching(/^[a-zA-Z_@#][a-zA-Z0-9_.:]{0,6}[a-zA-Z0-9_]$/), fc.stringMatching(/^[a-zA-Z]$/));
  // Text without backslashes: a value like `a\` cannot be expressed in fexpr at all.
  const textArb = fc.string({ unit: fc.constantFrom(...'ab \'"()&|=/\n,é'), maxLength: 12 });
  const numberArb = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n / 100);
  const leafArb: fc.Arbitrary<Operand> = fc.oneof(identArb.map(id), textArb.map(txt), numberArb.map(num));
  const callArb = (depth: number): fc.Arbitrary<Operand> =>
    fc
      .record({
        name: identArb,
        args: fc.array(depth < MAX_FUNCTION_DEPTH ? fc.oneof(leafArb, callArb(depth + 1)) : leafArb, { maxLength: 3 }),
      })
      .map(({ name, args }) => call(name, ...args));
  const operandArb = fc.oneof({ weight: 4, arbitrary: leafArb }, { weight: 1, arbitrary: callArb(1) });
  const exprArb = fc
    .record({ left: operandArb, op: fc.constantFrom(...SIGN_OPS), right: operandArb })
    .map(({ left, op, right }) => ex(left, op, right));
  const { groupArb } = fc.letrec<{ groupArb: Group; nodeArb: Expr | Group }>((tie) => ({
    nodeArb: fc.oneof({ maxDepth: 3, depthIdentifier: 'g' }, exprArb, tie('groupArb')),
    groupArb: fc
      .record({
        first: tie('nodeArb'),
        rest: fc.array(fc.tuple(fc.constantFrom<JoinOp>('&&', '||'), tie('nodeArb')), { maxLength: 2 }),
      })
      .map(({ first, rest }) => group(first, ...rest.flat())),
  }));

  const printOperand = (o: Operand): string => {
    switch (o.kind) {
      case 'identifier':
        return o.name;
      case 'number':
        return String(o.value);
      case 'text':
        return `'${o.value.replaceAll("'", "\\'")}'`;
      case 'call':
        return `${o.name}(${o.args.map(printOperand).join(', ')})`;
    }
  };
  const printNode = (n: Expr | Group): string =>
    n.kind === 'expr' ? `${printOperand(n.left)} ${n.op} ${printOperand(n.right)}` : `(${printGroup(n)})`;
  const printGroup = (g: Group): string => g.items.map((it) => (it.join ? ` ${it.join} ` : '') + printNode(it.node)).join('');

  it('round-trips generated ASTs', () => {
    fc.assert(
      fc.property(groupArb, (ast) => {
        expect(parseFilter(printGroup(ast))).toEqual(ast);
      }),
      { seed, numRuns: 1_000 },
    );
  });
});
