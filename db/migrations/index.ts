// Every migration, by name. Kysely runs them in name order, so names start with a zero-padded number.
import type { Migration } from 'kysely'
import { initial } from './0001-initial'
import { directoryIndex } from './0002-directory-index'

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-directory-index': directoryIndex,
}
