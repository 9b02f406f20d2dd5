import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands in for argument `arg` (item `item` of it when the argument is a list) while the query is built. */
class StandIn {
  constructor(
    readonly arg: number,
    readonly item: number,
  ) {}
}

type Plan = { compiled: CompiledQuery; slots: readonly (StandIn | { value: unknown })[] };

/** Lists longer than this are built each time: few calls have them, and each length is its own SQL. */
export const MAX_COMPILED_LIST = 32;

/**
 * A hot query written with the query builder, so its tables, columns and result row are checked
 * like any other, but built and compiled once per database (and per length of each list
 * argument) instead of on every call: building and compiling one of a sync's small queries cost
 * as much CPU as SQLite's own work for it (decision 0158). Each call binds its own values to the
 * compiled SQL.
 *
 * `build` is given stand-ins for its arguments: each must reach the SQL only as a bound parameter
 * (a value compared, inserted or set, or the items of an `in` list), never decide its shape. The
 * first compile checks that every stand-in became a parameter and throws otherwise.
 */
export function compiledOnce<Args extends readonly unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  // Keyed by the dialect's adapter: a transaction shares its database's adapter and SQL.
  const plans = new WeakMap<object, Map<string, Plan>>();
  return async (db, ...args) => {
    const shape = shapeOf(args);
    if (shape === undefined) return (await db.executeQuery(build(db, ...args))).rows;
    const adapter = db.getExecutor().adapter;
    let byShape = plans.get(adapter);
    if (!byShape) plans.set(adapter, (byShape = new Map()));
    let plan = byShape.get(shape);
    if (!plan) byShape.set(shape, (plan = planOf(db, build, args)));
    const parameters = plan.slots.map((slot) =>
      slot instanceof StandIn
        ? slot.item < 0
          ? args[slot.arg]
          : (args[slot.arg] as readonly unknown[])[slot.item]
        : slot.value,
    );
    return (await db.executeQuery<Row>({ ...plan.compiled, parameters })).rows;
  };
}

/** The lengths of the list arguments (`.` for a single value); undefined when a list is too long. */
function shapeOf(args: readonly unknown[]): string | undefined {
  let shape = '';
  for (const arg of args) {
    if (!Array.isArray(arg)) shape += '.';
    else if (arg.length > MAX_COMPILED_LIST) return undefined;
    else shape += `${arg.length},`;
  }
  return shape;
}

function planOf<Args extends readonly unknown[], Row>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
  args: Args,
): Plan {
  const standIns = args.map((arg, index) =>
    Array.isArray(arg) ? arg.map((_, item) => new StandIn(index, item)) : new StandIn(index, -1),
  ) as unknown as Args;
  const compiled = build(db, ...standIns).compile();
  const slots = compiled.parameters.map((value) => (value instanceof StandIn ? value : { value }));
  const bound = new Set(slots.filter((slot) => slot instanceof StandIn));
  const expected = standIns.flat().length;
  if (bound.size !== expected)
    throw new Error(
      `compiledOnce: ${expected - bound.size} argument(s) did not become parameters of ${compiled.sql}`,
    );
  return { compiled, slots };
}
