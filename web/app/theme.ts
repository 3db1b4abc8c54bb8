// The Chakra system, built lean (STACK.md "Size floor"): Chakra's base config (utilities and
// conditions), our light-mode tokens (tokens.ts), and ONLY the recipes the app renders.
//
// Rules for whoever adds a screen:
// - Never import `defaultSystem`, `defaultConfig`, or `tokens`/`semanticTokens`/`recipes`/
//   `slotRecipes` from '@chakra-ui/react/theme': each drags Chakra's whole default theme into
//   the home page's bundle. Import single recipes by name (`dialogSlotRecipe`, `badgeRecipe`).
// - A recipe used by the initial chunk (layout, home) goes in `recipes`/`slotRecipes` below.
// - A recipe used only by a lazy screen (admin, forms, dialogs) should stay in that chunk: pass
//   it to the component where it is used, e.g. `<Badge recipe={badgeRecipe}>`, or wrap the
//   lazy screen in its own `<ChakraProvider value={createSystem(appConfig, { theme: { ... } })}>`.
// - Check the home page's gzip size after `npx vite build` (web/README.md).
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react'
import {
  breakpoints,
  buttonRecipe as chakraButtonRecipe,
  containerRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  layerStyles,
  linkRecipe,
  textStyles,
} from '@chakra-ui/react/theme'
import { semanticTokens, tokens } from './tokens'

// A button's label wraps rather than running off a narrow screen when the reader's text is large
// (200 % on a 360 px phone): each size's height is its least height, and a wrapped label grows it.
type ButtonSizes = NonNullable<typeof chakraButtonRecipe.variants>['size']
const buttonSizes = Object.fromEntries(
  Object.entries(chakraButtonRecipe.variants?.size ?? {}).map(([size, style]) => [size, { ...style, h: 'auto', minH: style.h, py: '0.5' }]),
) as unknown as ButtonSizes
const buttonRecipe = {
  ...chakraButtonRecipe,
  base: { ...chakraButtonRecipe.base, whiteSpace: 'normal', textAlign: 'center', maxW: '100%' },
  variants: { ...chakraButtonRecipe.variants, size: buttonSizes },
} as typeof chakraButtonRecipe

export const appConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    body: { fontFamily: 'body' },
    // A visible focus indicator for everything that has no recipe ring of its own.
    ':focus-visible': { outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '2px' },
  },
  theme: {
    breakpoints,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    recipes: {
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
    },
  },
})

/**
 * Marks the server's `<style data-emotion="css-global <name>">` holding the system's global styles
 * (the reset, the global CSS, the tokens' CSS variables); its value is that name
 * (web/entry-server.tsx).
 */
export const SYSTEM_GLOBALS_ATTRIBUTE = 'data-chakra-globals'

let built: SystemContext | undefined

/** The app's system, built on first call: about a third of the home page's start-up script on a slow
 * phone, so main.tsx builds it in a task of its own (one long task is two shorter ones). */
export function appSystem(): SystemContext {
  built ??= adoptServerGlobals(createSystem(defaultBaseConfig, appConfig))
  return built
}

/**
 * Where the page's HTML carries the system's global styles, ChakraProvider's <Global> is given
 * their name only: it finds the server's tag by that name and adopts it, never reading the styles.
 * So the browser never computes them (with scripts/chakra-lazy-globals.ts, the tokens' CSS is about
 * half of `createSystem` on a slow phone: issue 21, Total Blocking Time). Elsewhere (the shell, the
 * farmer page) the system computes them on first read, as Chakra does.
 */
function adoptServerGlobals(system: SystemContext): SystemContext {
  const name = typeof document === 'undefined' ? null : document.querySelector(`style[${SYSTEM_GLOBALS_ATTRIBUTE}]`)?.getAttribute(SYSTEM_GLOBALS_ATTRIBUTE)
  // emotion's serialized form: what <Global> takes as it is (a `styles` string skips serializing).
  if (name) Object.defineProperty(system, '_global', { value: { name, styles: '' } })
  return system
}

/** The system's global styles, computed now unless the page's HTML carries them (for a task of their own). */
export function prepareGlobalStyles(): void {
  void appSystem()._global
}
