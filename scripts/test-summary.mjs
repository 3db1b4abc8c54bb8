// Adds up vitest's and Playwright's JSON reports into the one closing line CI reads:
// "N passed, N failed". A gate that failed before any test ran (typecheck, lint) counts as one failure.
// Above it, the figures that say what the count is made of: vitest's statement coverage (V8, when
// the run measured it) and how many tests were generated from tables. A generated test is one
// that shares its source position with another (test.each, or it()/test() called in a loop over
// a table): a convention-free measure, read from the positions both reports carry.
import fs from 'node:fs'

const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}
const exitStatus = Number(process.argv[2] ?? 0)
const vitest = read('.reports/vitest.json')
const playwright = read('.reports/playwright.json')
const coverage = read('.reports/coverage/coverage-summary.json')

/** Of the tests that ran (file and position each), how many share their position with another. */
function generatedFromTables(positions) {
  const perPosition = new Map()
  for (const position of positions) perPosition.set(position, (perPosition.get(position) ?? 0) + 1)
  return [...perPosition.values()].filter((n) => n > 1).reduce((sum, n) => sum + n, 0)
}

const ran = (status) => status === 'passed' || status === 'failed'
const vitestPositions = (vitest?.testResults ?? []).flatMap((file) =>
  file.assertionResults.filter((t) => ran(t.status)).map((t) => (t.location ? `${file.name}:${t.location.line}:${t.location.column}` : `${file.name}:${t.fullName}`)),
)
const playwrightPositions = []
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'skipped') playwrightPositions.push(`${spec.file}:${spec.line}:${spec.column}:${t.projectName}`)
    }
  }
  for (const child of suite.suites ?? []) walk(child)
}
for (const suite of playwright?.suites ?? []) walk(suite)

let passed = 0
let failed = 0
if (vitest) {
  passed += vitest.numPassedTests ?? 0
  failed += vitest.numFailedTests ?? 0
}
if (playwright?.stats) {
  passed += playwright.stats.expected ?? 0
  failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0)
}
if (exitStatus !== 0 && failed === 0) failed = 1

const percent = (n) => `${Number(n ?? 0).toFixed(1)}%`
const generated = generatedFromTables(vitestPositions) + generatedFromTables(playwrightPositions)
const total = vitestPositions.length + playwrightPositions.length
console.log(`vitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'no report'}; playwright: ${playwright?.stats ? `${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed, ${playwright.stats.flaky} flaky` : 'no report'}`)
console.log(
  coverage?.total
    ? `coverage (vitest, V8): ${percent(coverage.total.statements.pct)} of statements, ${percent(coverage.total.branches.pct)} of branches, ${percent(coverage.total.functions.pct)} of functions`
    : 'coverage: not measured (set CI=true or pass --coverage)',
)
console.log(`generated from tables: ${generated} of ${total} tests (test.each or a loop: tests sharing one source position)`)
console.log(`${passed} passed, ${failed} failed`)
