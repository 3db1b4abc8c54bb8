import { matchRoutes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { appPagePaths, isAppPage } from '../../api/contract'
import { routes } from './router'

function matchedPattern(path: string): string | undefined {
  const leaf = matchRoutes(routes, path)?.at(-1)?.route
  return leaf?.index ? '/' : leaf?.path
}

describe('router', () => {
  // Every path of spec 000 section 2 and spec 001 section 2, as the contract lists them.
  it.each(appPagePaths)('registers %s', (path) => {
    const pattern = matchedPattern(path)
    expect(pattern).toBeDefined()
    expect(pattern).not.toBe('*')
  })

  it('shows a farmer page at /farmers/<id>', () => {
    expect(matchedPattern('/farmers/3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b')).toBe('farmers/:id')
  })

  it.each(['/nope', '/admin/nope', '/reviews/farms/extra'])('sends %s to the not-found screen', (path) => {
    expect(matchedPattern(path)).toBe('*')
  })

  it('keeps the query string out of matching (/reviews/farms?farm_id=…)', () => {
    expect(matchedPattern('/reviews/farms')).toBe('reviews/farms')
  })

  it('has no page the contract does not list (the server would answer it 404)', () => {
    const patterns = routes[0]!.children!.filter((r) => r.path !== '*').map((r) => (r.index ? '/' : `/${r.path}`))
    // A parameter stands for a real value (a farmer's UUID): the contract checks its shape.
    const sample = (pattern: string) => pattern.replace(':id', '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b')
    for (const pattern of patterns) expect(isAppPage(sample(pattern)), pattern).toBe(true)
  })
})
