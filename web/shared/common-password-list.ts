// The published common-password list (@zxcvbn-ts/language-common, the server's list too), for the
// strength meter only. Loaded with import() from the meter, so it is its own chunk (~200 KB gzip):
// never in the public home's chunks, never precached for buyers (`isStaffChunk`, web/sw.ts).
import { dictionary } from '@zxcvbn-ts/language-common'

export const commonPasswords: ReadonlySet<string> = new Set(dictionary['passwords-common'])
