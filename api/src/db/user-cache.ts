import { AliasNode, TableNode } from 'kysely';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** At most this many users are remembered; past it the cache starts again empty. */
const USERS_KEPT = 10_000;

const SELECT_TEXT = /^\s*select\b/i;

/** The name of the table a TableNode or an aliased TableNode stands for. */
function tableName(node: OperationNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}

/**
 * Whether a statement may change a row of `users`: an insert, update or delete on it (in a
 * common table expression too), and,
 * to be safe, anything that is neither a query builder's select nor a raw `select` (schema
 * changes, raw SQL, merges).
 */
export function mayWriteUsers(node: RootOperationNode): boolean {
  // A data-modifying CTE (`with changed as (update users …) insert into …`) writes too.
  const ctes = 'with' in node && node.with ? node.with.expressions : [];
  if (ctes.some((cte) => mayWriteUsers(cte.expression as RootOperationNode))) return true;
  switch (node.kind) {
    case 'SelectQueryNode':
      return false;
    case 'InsertQueryNode':
      return tableName(node.into) === 'users';
    case 'UpdateQueryNode':
      return tableName(node.table) === 'users';
    case 'DeleteQueryNode':
      return node.from.froms.some((from) => tableName(from) === 'users');
    case 'RawNode':
      return !SELECT_TEXT.test(node.sqlFragments.join('?'));
    default:
      return true;
  }
}

/**
 * The users `requireAuth` reads on every request, remembered by id, on the embedded database
 * only (issue 13: on PGlite that read was a third of a list request's time). It is exact there
 * because this process is PGlite's only client and every statement passes the plugin below:
 * a statement that may write `users` empties the cache before it runs and again once it has
 * run, and a read stores what it got only if no such statement began meanwhile. Reads inside a
 * transaction never use it. Rows are frozen: callers share them.
 */
export class UserCache<Row extends object> {
  #rows = new Map<string, Readonly<Row>>();
  #generation = 0;

  /** The row for `id`, remembered or read by `load` (a missing one is never remembered). */
  async read(id: string, load: () => Promise<Row | undefined>): Promise<Readonly<Row> | undefined> {
    const known = this.#rows.get(id);
    if (known) return known;
    const generation = this.#generation;
    const row = await load();
    if (row === undefined) return undefined;
    const frozen = Object.freeze(row);
    if (generation === this.#generation) {
      if (this.#rows.size >= USERS_KEPT) this.#rows.clear();
      this.#rows.set(id, frozen);
    }
    return frozen;
  }

  /** Forgets every user: a statement that may change one is running or has run. */
  invalidate(): void {
    this.#generation += 1;
    this.#rows.clear();
  }

  /** The Kysely plugin that calls `invalidate` around every statement that may write `users`. */
  plugin(): KyselyPlugin {
    const writing = new WeakSet<object>();
    return {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        if (mayWriteUsers(args.node)) {
          this.invalidate();
          writing.add(args.queryId);
        }
        return args.node;
      },
      transformResult: (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        if (writing.delete(args.queryId)) this.invalidate();
        return Promise.resolve(args.result);
      },
    };
  }
}
