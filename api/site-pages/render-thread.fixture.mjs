// A stand-in for the build's SSR bundle (render-thread.test.ts): answers with what it was given,
// fails on /boom, and ends its thread on /crash.
export async function renderPage(template, path, data = {}) {
  if (path === '/boom') throw new Error('no such page')
  if (path === '/crash') process.exit(3)
  return `${template}|${path}|${(data.locations ?? []).map((l) => l.city).join(',')}`
}
