// Build step (issue 21, Total Blocking Time): Chakra's `createSystem` computes the system's global
// styles at once (`_global`: the reset, the global CSS and every token's CSS variable), about half
// of its time on a slow phone, in one long task. The only reader is ChakraProvider's <Global>,
// which needs none of it where the page's HTML already carries those styles: it adopts the
// server's `css-global <name>` tag by its name (web/app/theme.ts, `appSystem`). This rewrites
// Chakra's system.js so `_global` is computed on first read. Chakra is pinned exactly (STACK.md);
// an upgrade that changes these lines fails the build here rather than dropping the change quietly.
// The dev server and the tests run Chakra as published: the same system, computed at once.
import type { Plugin } from 'vite'

const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/
const EAGER = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n'
const RETURNED = '\n    _global,\n'

/** Chakra's system.js with `_global` as a getter computed on first read (and then kept). */
export function lazyGlobals(code: string): string {
  if (code.split(EAGER).length !== 2 || code.split(RETURNED).length !== 2) {
    throw new Error("chakra-lazy-globals: Chakra's createSystem changed; update scripts/chakra-lazy-globals.ts")
  }
  return code
    .replace(EAGER, '  let _global;\n')
    .replace(RETURNED, '\n    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n')
}

/** Vite plugin (build only). */
export function chakraLazyGlobals(): Plugin {
  return {
    name: 'viti:chakra-lazy-globals',
    apply: 'build',
    transform: { filter: { id: SYSTEM_MODULE }, handler: (code) => ({ code: lazyGlobals(code), map: null }) },
  }
}
