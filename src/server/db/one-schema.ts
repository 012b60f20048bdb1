// PostgreSQL as Kysely speaks it, with one difference: its introspection, which the migrator uses to find its own
// tables, looks only at the schema this connection works in. Kysely's own reads the tables of every schema of the
// database, and fails ("schema … does not exist") when a neighbouring schema is dropped while it reads: several
// servers or test runs share one database side by side, each in a schema of its own, and drop theirs when done.
import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/** Kysely's own tables (migrations and their lock) start so. */
const KYSELY_TABLES = 'kysely_';

class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(this.db);
    return rows.flatMap((row) => (row.name ? [{ name: row.name }] : []));
  }

  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      view: boolean;
      column: string;
      type: string;
      nullable: boolean;
      default: string | null;
    }>`
      select c.table_schema as "schema", c.table_name as "table", t.table_type = 'VIEW' as "view",
        c.column_name as "column", c.udt_name as "type", c.is_nullable = 'YES' as "nullable",
        c.column_default as "default"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options?.withInternalKyselyTables && row.table.startsWith(KYSELY_TABLES)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.view, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        isNullable: row.nullable,
        hasDefaultValue: row.default !== null,
        isAutoIncrementing: row.default?.startsWith('nextval(') ?? false,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

export class CurrentSchemaPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
