// admin_users queries for the user-management screens. Never selects passwordHash into a response.
import type { Kysely } from 'kysely'
import type { AdminUserRow, AdminUserUpdate as AdminUserRowUpdate, Database, NewAdminUser } from '../../db/schema'
import { portable } from '../../db/dialect'
import type { AdminUser } from '../contract'

const publicColumns = ['id', 'name', 'email', 'role', 'mustChangePassword', 'createdAt', 'updatedAt', 'lastLogin'] as const

type PublicRow = Pick<AdminUserRow, (typeof publicColumns)[number]>

export function toAdminUser(row: PublicRow): AdminUser {
  return { ...row, mustChangePassword: row.mustChangePassword === 1 }
}

/** Works on `db` or on a transaction (kysely's Transaction is a Kysely). */
export function adminUsersRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<AdminUser[]> {
      const rows = await db.selectFrom('admin_users').select(publicColumns).orderBy('createdAt', 'desc').orderBy('email').execute()
      return rows.map(toAdminUser)
    },
    find: (id: string) => db.selectFrom('admin_users').select(publicColumns).where('id', '=', id).executeTakeFirst(),
    /** Ignoring case, as the unique index does, so this also finds a differently-cased twin. */
    findIdByEmail: (email: string) => db.selectFrom('admin_users').select('id').where(portable(db).caselessEquals('email', email)).executeTakeFirst(),
    insert: (row: NewAdminUser) => db.insertInto('admin_users').values(row).execute(),
    update: (id: string, patch: AdminUserRowUpdate) => db.updateTable('admin_users').set(patch).where('id', '=', id).execute(),
    delete: (id: string) => db.deleteFrom('admin_users').where('id', '=', id).execute(),
    /**
     * Takes these users' rows for the rest of the transaction (a write that changes nothing), one at a
     * time in id order, so two transactions taking the same two rows queue instead of deadlocking.
     * The ids whose rows exist.
     */
    async takeRows(ids: readonly string[]): Promise<Set<string>> {
      const existing = new Set<string>()
      for (const id of [...new Set(ids)].sort()) {
        const taken = await db.updateTable('admin_users').set((eb) => ({ updatedAt: eb.ref('updatedAt') })).where('id', '=', id).executeTakeFirst()
        if (Number(taken.numUpdatedRows) === 1) existing.add(id)
      }
      return existing
    },
  }
}
