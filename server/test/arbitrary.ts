// arbitraryFor(schema): fast-check values for a valibot schema, walked from the schema objects
// (type, entries, item, options, wrapped, pipe). Most values are near-valid (so a route gets
// past its first field and reaches the database); at every node some are hostile: U+0000,
// integers beyond int4/int8 and negative, deep nesting, long strings, wrong types.
import fc from 'fast-check';
import type * as v from 'valibot';

interface Node {
  type: string;
  entries?: Record<string, Node>;
  item?: Node;
  items?: Node[];
  options?: unknown[];
  wrapped?: Node;
  literal?: unknown;
  key?: Node;
  value?: Node;
  getter?: () => Node;
  pipe?: Array<{ kind: string; type: string; requirement?: unknown }>;
}

export interface ArbitraryOptions {
  /** Real ids of the company, used for uuid fields most of the time. */
  ids: readonly string[];
}

const nest = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Values no schema should take, and that have made servers answer 500 before. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', 'é\u0000ß'),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000`),
  fc.constantFrom(
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    -(2 ** 63) - 1,
    -1,
    0,
    1.5,
    1e300,
    -1e300,
    Number.MAX_SAFE_INTEGER,
  ),
  fc.constantFrom('x'.repeat(100_000), 'ا'.repeat(20_000)),
  fc.constantFrom(nest(3_000), nest(200)),
  fc.constantFrom(null, true, false, [], {}, '', ' ', 'null', '12', '-1', '9999999999999999999999', [null], { id: 1 }),
);

const requirement = (node: Node, type: string): unknown => node.pipe?.find((a) => a.type === type)?.requirement;
const numberReq = (node: Node, type: string): number | undefined => {
  const r = requirement(node, type);
  return typeof r === 'number' ? r : undefined;
};

function nearString(node: Node, o: ArbitraryOptions): fc.Arbitrary<unknown> {
  const types = new Set((node.pipe ?? []).map((a) => a.type));
  if (types.has('uuid'))
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...o.ids) }, { weight: 1, arbitrary: fc.uuid() });
  if (types.has('email')) return fc.oneof(fc.emailAddress(), fc.constantFrom('fuzz@example.com', 'admin@acme.test'));
  if (types.has('iso_date'))
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (types.has('iso_timestamp')) return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const regex = requirement(node, 'regex');
  if (regex instanceof RegExp) {
    try {
      return fc.stringMatching(regex).filter((s) => s.length <= 2_000);
    } catch {
      // A pattern fast-check cannot generate from: plain strings still probe the rest.
    }
  }
  const min = numberReq(node, 'min_length') ?? numberReq(node, 'length') ?? 0;
  const max = Math.max(min, Math.min(numberReq(node, 'max_length') ?? numberReq(node, 'length') ?? 40, 200));
  return fc.string({ minLength: min, maxLength: max });
}

function nearNumber(node: Node): fc.Arbitrary<unknown> {
  const min = numberReq(node, 'min_value') ?? -1_000;
  const max = numberReq(node, 'max_value') ?? 1_000_000;
  const integer = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
  return node.pipe?.some((a) => a.type === 'integer' || a.type === 'safe_integer')
    ? integer
    : fc.oneof(integer, fc.double({ min, max, noNaN: true }));
}

/** Near-valid for this node, or hostile one time in `1 + hostileOdds`. */
function valueFor(node: Node, o: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: nearValid(node, o, depth) }, { weight: 1, arbitrary: hostileValue });
}

function nearValid(node: Node, o: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const child = (n: Node) => (depth > 6 ? fc.constant(null) : valueFor(n, o, depth + 1));
  switch (node.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest': {
      const entries = Object.entries(node.entries ?? {});
      const optional = entries
        .filter(([, n]) => ['optional', 'nullish', 'exact_optional', 'undefinedable'].includes(n.type))
        .map(([k]) => k);
      return fc.record(Object.fromEntries(entries.map(([k, n]) => [k, child(n)])), {
        requiredKeys: entries.map(([k]) => k).filter((k) => !optional.includes(k)),
      });
    }
    case 'array': {
      const max = Math.min(numberReq(node, 'max_length') ?? 4, 4);
      return fc.array(child(node.item!), {
        minLength: Math.min(numberReq(node, 'min_length') ?? 0, max),
        maxLength: max,
      });
    }
    case 'tuple':
    case 'loose_tuple':
    case 'strict_tuple':
      return fc.tuple(...(node.items ?? []).map(child));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), child(node.value!), { maxKeys: 3 });
    case 'optional':
    case 'nullish':
    case 'exact_optional':
    case 'undefinedable':
      return fc.oneof(nearValid(node.wrapped!, o, depth), fc.constant(undefined));
    case 'nullable':
      return fc.oneof(nearValid(node.wrapped!, o, depth), fc.constant(null));
    case 'non_optional':
    case 'non_nullable':
    case 'non_nullish':
      return nearValid(node.wrapped!, o, depth);
    case 'union':
    case 'variant':
    case 'intersect':
      return fc.oneof(...(node.options as Node[]).map((n) => nearValid(n, o, depth)));
    case 'picklist':
      return fc.constantFrom(...(node.options as unknown[]));
    case 'enum':
      return fc.constantFrom(...(node.options as unknown[]));
    case 'literal':
      return fc.constant(node.literal);
    case 'lazy':
      return depth > 6 ? fc.constant(null) : nearValid(node.getter!(), o, depth + 1);
    case 'string':
      return nearString(node, o);
    case 'number':
      return nearNumber(node);
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values for a whole payload: near-valid with hostile fields, or a hostile payload outright. */
export function arbitraryFor(schema: v.GenericSchema, o: ArbitraryOptions): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: nearValid(schema as unknown as Node, o, 0) },
    { weight: 1, arbitrary: hostileValue },
  );
}
