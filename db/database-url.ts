// What a DATABASE_URL must be, said once for the server's settings (api/config.ts) and the operator
// commands (scripts/): no imports, so the server reads its settings before it loads any driver.

/** What the server and the operator commands say of a DATABASE_URL that is not PostgreSQL's. */
export const DATABASE_URL_PROBLEM = 'DATABASE_URL must be a PostgreSQL connection string, e.g. postgres://vf:secret@db:5432/vf (unset it to use the embedded SQLite database in DATA_DIR).'

/** Whether a set DATABASE_URL is PostgreSQL's. */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\/\S+$/i.test(url)
