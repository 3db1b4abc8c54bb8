import { afterAll, expect, it } from 'vitest'

// Its own file: zod probes eval once per process, when the first object schema is built.
const RealFunction = globalThis.Function
const compiled: unknown[][] = []
globalThis.Function = new Proxy(RealFunction, {
  construct(target, args: unknown[]) {
    compiled.push(args)
    return Reflect.construct(target, args) as object
  },
})
afterAll(() => {
  globalThis.Function = RealFunction
})

it('the contract never compiles code at run time (the CSP would report it): zod is jitless', async () => {
  const contract = await import('./index')
  contract.ErrorResponseSchema.parse({ message: 'x' })
  contract.PlatformReviewCreateSchema.safeParse({ name: 'Mere', rating: 5, comment: 'Good' })
  expect(compiled).toEqual([])
})
