// Passwords are hashed with argon2id at OWASP's minimum (19 MiB, t=2, p=1); the library's default
// algorithm is argon2id and the PHC string records the parameters, so they can be raised later.
import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options)
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain)
  } catch {
    // A malformed stored hash must read as "wrong password", never as a 500.
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends one real argon2 verify (same parameters as a stored hash) and answers false. Sign-in calls
 * it for an unknown e-mail so the answer takes as long as a wrong password for a real account.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64'))
  await verifyPassword(await dummyHash, plain)
  return false
}

/** Computes the dummy hash ahead of the first unknown-e-mail sign-in, which would otherwise pay for it. */
export function warmDummyHash(): void {
  void verifyAgainstDummy('')
}
