// Test-only: every route registered in an Express 5 app, read from the router stack itself, so a
// test can compare what the server really serves with the contract's route table.
import type { Express } from 'express'

export interface RegisteredRoute {
  method: string
  path: string
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> }
  handle?: { name?: string; stack?: Layer[] }
  /** router@2 keeps the path a layer was mounted with. */
  rawPath?: unknown
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/{2,}/g, '/')
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined
}

function pathsOf(value: unknown, where: string): string[] {
  const paths = Array.isArray(value) ? value.flat(Infinity) : [value]
  for (const path of paths) {
    // A RegExp or a missing path cannot be matched against the contract: fail loudly, never skip.
    if (typeof path !== 'string') throw new Error(`Cannot read a string path at ${where}: ${String(path)}`)
  }
  return paths as string[]
}

function walk(stack: Layer[], prefix: string, out: RegisteredRoute[]) {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m])
      for (const path of pathsOf(layer.route.path, prefix)) {
        for (const method of methods) out.push({ method: method === '_all' ? 'ALL' : method.toUpperCase(), path: join(prefix, path) })
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      for (const mount of pathsOf(layer.rawPath ?? '/', prefix)) walk(layer.handle.stack, join(prefix, mount), out)
    } else if (layer.handle?.name === 'mounted_app') {
      throw new Error(`A sub-app is mounted under ${prefix}; mount Routers instead so their routes can be checked`)
    }
  }
}

export function registeredRoutes(app: Express): RegisteredRoute[] {
  const out: RegisteredRoute[] = []
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', out)
  return out
}
