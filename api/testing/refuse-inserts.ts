// Test set-up only: makes the database refuse every insert into a table (a trigger that raises),
// to prove a write and its audit row commit together or not at all. Returns how to undo it.
import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../../db/dialect'

export async function refuseInserts<DB>(db: Kysely<DB>, table: string): Promise<() => Promise<void>> {
  const trigger = sql.id(`refuse_${table}`)
  if (dialectOf(db) === 'sqlite') {
    await sql`create trigger ${trigger} before insert on ${sql.table(table)} begin select raise(abort, 'refused by the test'); end`.execute(db)
    return async () => void (await sql`drop trigger ${trigger}`.execute(db))
  }
  await sql`create function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`.execute(db)
  await sql`create trigger ${trigger} before insert on ${sql.table(table)} for each row execute function ${trigger}()`.execute(db)
  return async () => {
    await sql`drop trigger ${trigger} on ${sql.table(table)}`.execute(db)
    await sql`drop function ${trigger}()`.execute(db)
  }
}
