// The image runs the operator commands the README tells an operator to run in it
// (`docker exec <container> npm run …`): each command's script, and every file of scripts/ it
// imports, is copied into the run stage. (No Docker on the test machines: this reads the Dockerfile.)
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const OPERATOR_COMMANDS = ['reset-admin-password', 'backup', 'restore', 'remove-demo-data'] as const

/** The files and folders the run stage copies from the source tree (not from the build stage). */
function copiedIntoRunStage(): string[] {
  const dockerfile = fs.readFileSync('Dockerfile', 'utf8')
  const runStage = dockerfile.slice(dockerfile.indexOf(' AS run'))
  return [...runStage.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/).slice(0, -1))
}

const isCopied = (file: string, copied: string[]) => copied.some((source) => file === source || file.startsWith(`${source.replace(/\/$/, '')}/`))

/** `file` and the files of scripts/ it imports, transitively. */
function scriptFiles(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = path.normalize(path.join(path.dirname(file), `${spec}.ts`))
    if (target.startsWith(`scripts${path.sep}`) && fs.existsSync(target)) scriptFiles(target, seen)
  }
  return seen
}

describe('the Docker image', () => {
  const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
  const copied = copiedIntoRunStage()

  it.each(OPERATOR_COMMANDS)('has what `npm run %s` needs', (command) => {
    const entry = /^tsx (scripts\/\S+\.ts)$/.exec(scripts[command] ?? '')?.[1]
    expect(entry).toBeDefined()
    const missing = [...scriptFiles(entry!)].filter((file) => !isCopied(file.split(path.sep).join('/'), copied))
    expect(missing).toEqual([])
  })

  it('lets the runtime user write the data folder and the folder `npm run backup` writes into by default', () => {
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8')
    const runStage = dockerfile.slice(dockerfile.indexOf(' AS run'))
    const user = /^USER (\S+)$/m.exec(runStage)?.[1]
    const workdir = /^WORKDIR (\S+)$/m.exec(runStage)?.[1]
    const backupsFolder = /path\.join\('([^']+)', backupFolderName\(\)\)/.exec(fs.readFileSync('scripts/backup.ts', 'utf8'))?.[1]
    expect([user, workdir, backupsFolder]).not.toContain(undefined)
    // Only what is chowned before USER: a later RUN would run as that user already.
    const beforeUser = runStage.slice(0, runStage.search(/^USER /m))
    const owned = [...beforeUser.matchAll(/chown -R (\S+?):\S+ ([^\n&]+)/g)].filter((m) => m[1] === user).flatMap((m) => m[2]!.trim().split(/\s+/))
    expect(owned).toEqual(expect.arrayContaining(['/data', path.posix.join(workdir!, backupsFolder!)]))
  })

  it('carries pg_dump and pg_restore for backups on PostgreSQL', () => {
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8')
    expect(dockerfile.slice(dockerfile.indexOf(' AS run'))).toMatch(/apt-get install [^\n]*postgresql-client/)
  })
})
