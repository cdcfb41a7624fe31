import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Compilable } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, DbExecutor } from './database';
import { pgliteOf, poolOf } from './database';
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
 * transaction it runs as the same SQL through Kysely, without compiling it again (there with
 * uuids and integers written in as literals: see `withLiterals`).
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
  // `$1`, `$2`… split out, for the embedded database's literal form (see `withLiterals`).
  const pieces = text.split(PLACEHOLDER);
  const inlinable = pieces.length === 2 * keys.length + 1;
  return {
    name: statementName,
    sql: text,
    async run(db, params) {
      const values = keys.map((key) => params[key]);
      const pool = poolOf(db);
      if (pool) {
        return (await pool.query<Row & object>({ name: statementName, text, values })).rows;
      }
      const literals = inlinable ? values.map(sqlLiteral) : [];
      if (inlinable && literals.every((literal) => literal !== undefined)) {
        const session = pgliteOf(db as Database);
        if (session) return executeOnPGlite<Row>(db, session, statementName, text, literals);
        return (await db.executeQuery<Row>(CompiledQuery.raw(withLiterals(pieces, literals)))).rows;
      }
      return (await db.executeQuery<Row>(CompiledQuery.raw(text, values))).rows;
    },
  };
}

/** A placeholder of the compiled SQL, its number captured. */
const PLACEHOLDER = /\$(\d+)\b/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A value as an SQL literal, for the kinds that need no escaping at all (a safe integer, a uuid);
 * else undefined, and the values are bound as parameters.
 */
function sqlLiteral(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && UUID.test(value)) return `'${value}'`;
  return undefined;
}

/**
 * The statement with its values written in as `literals` (see `sqlLiteral`): on PGlite a
 * statement with parameters costs a second trip into the database, to learn their types before
 * binding them, about 40 % more per statement (issue 13). `pieces` is the SQL split around its
 * placeholders: text, number, text, number, …, text.
 */
function withLiterals(pieces: string[], literals: string[]): string {
  let sql = pieces[0] ?? '';
  for (let i = 1; i < pieces.length; i += 2) {
    sql += (literals[Number(pieces[i]) - 1] ?? 'null') + (pieces[i + 1] ?? '');
  }
  return sql;
}

/** The statements prepared on each PGlite session (its one connection), by name. */
const preparedOnPGlite = new WeakMap<PGlite, Map<string, Promise<void>>>();

/**
 * Runs a statement on PGlite's one connection as `EXECUTE name(literals)`, `PREPARE`d there
 * on first use, so PGlite plans it once (issue 13: planning was much of each statement's time).
 * A prepared statement outlives schema changes, which Postgres replans for, unless its result
 * type changed: then it is prepared again, once.
 */
async function executeOnPGlite<Row>(
  db: DbExecutor,
  session: PGlite,
  name: string,
  text: string,
  literals: string[],
): Promise<Row[]> {
  let prepared = preparedOnPGlite.get(session);
  if (!prepared) {
    prepared = new Map();
    preparedOnPGlite.set(session, prepared);
  }
  const statements = prepared;
  const run = async () => {
    let ready = statements.get(name);
    if (!ready) {
      ready = db
        .executeQuery(CompiledQuery.raw(`prepare ${name} as ${text}`))
        .then(() => undefined);
      statements.set(name, ready);
      ready.catch(() => statements.delete(name));
    }
    await ready;
    const execute = CompiledQuery.raw(`execute ${name}(${literals.join(', ')})`);
    return (await db.executeQuery<Row>(execute)).rows;
  };
  try {
    return await run();
  } catch (error) {
    // 0A000: the cached plan's result type changed (a migration); 26000: not prepared.
    const code = (error as { code?: unknown }).code;
    if (code !== '0A000' && code !== '26000') throw error;
    statements.delete(name);
    await db.executeQuery(CompiledQuery.raw(`deallocate ${name}`)).catch(() => undefined);
    return run();
  }
}
