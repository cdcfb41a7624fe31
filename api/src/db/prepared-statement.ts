import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Compilable } from 'kysely';
import type { DbExecutor } from './database';
import { poolOf } from './database';
import type { DB } from './schema';

/**
 * A Kysely that only compiles: the statements below are built with the query builder (so the
 * column names are type-checked) once, when the module loads, with no database.
 */
const compiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Stands for one parameter while a statement is compiled; replaced by its value at each run. */
class Placeholder {
  constructor(readonly key: string) {}
}

/**
 * A statement compiled once and run many times (issue 13: compiling the hot queries cost about
 * 2 % of a request each). On a `pg` pool it runs as a named prepared statement, so Postgres
 * parses and plans it once per connection instead of on every request; on PGlite and inside a
 * transaction it runs as the same SQL through Kysely, without compiling it again.
 */
export interface PreparedStatement<Row, Params extends Record<string, unknown>> {
  /** The statement's name on the server; unique per SQL text. */
  readonly name: string;
  readonly sql: string;
  run(db: DbExecutor, params: Params): Promise<Row[]>;
}

/**
 * Compiles `build` once. `build` gets `param(key)`, a stand-in for the run's `params[key]` to
 * use wherever the query builder takes a value:
 *
 * ```ts
 * const byId = prepareStatement('user_by_id', (db, param) =>
 *   db.selectFrom('users').selectAll().where('id', '=', param<string>('id')),
 * );
 * const [user] = await byId.run(db, { id });
 * ```
 */
export function prepareStatement<Row, Params extends Record<string, unknown>>(
  name: string,
  build: (db: Kysely<DB>, param: <Value>(key: keyof Params & string) => Value) => Compilable<Row>,
): PreparedStatement<Row, Params> {
  const compiled = build(compiler, <Value>(key: keyof Params & string) => {
    return new Placeholder(key) as Value;
  }).compile();
  // Only reads: a write run this way would pass no Kysely plugin, and the embedded database's
  // user cache (user-cache.ts) must see every write.
  if (compiled.query.kind !== 'SelectQueryNode') {
    throw new Error(`Prepared statement ${name}: only selects are prepared`);
  }
  const keys = compiled.parameters.map((value) => {
    if (!(value instanceof Placeholder)) {
      throw new Error(`Prepared statement ${name}: every value must be a param()`);
    }
    return value.key;
  });
  const statementName = `brevity_${name}`;
  const text = compiled.sql;
  return {
    name: statementName,
    sql: text,
    async run(db, params) {
      const values = keys.map((key) => params[key]);
      const pool = poolOf(db);
      if (pool) {
        return (await pool.query<Row & object>({ name: statementName, text, values })).rows;
      }
      return (await db.executeQuery<Row>(CompiledQuery.raw(text, values))).rows;
    },
  };
}
