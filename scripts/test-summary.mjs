// Adds up vitest's and Playwright's JSON reports into the one closing line CI reads:
// "N passed, N failed". A gate that failed before any test ran (typecheck, lint) counts as one failure.
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
console.log(`vitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'no report'}; playwright: ${playwright?.stats ? `${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed, ${playwright.stats.flaky} flaky` : 'no report'}`)
console.log(`${passed} passed, ${failed} failed`)
