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
  buttonRecipe,
  containerRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  layerStyles,
  linkRecipe,
  textStyles,
} from '@chakra-ui/react/theme'
import { semanticTokens, tokens } from './tokens'

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

let built: SystemContext | undefined

/** The app's system, built on first call: about a third of the home page's start-up script on a slow
 * phone, so main.tsx builds it in a task of its own (one long task is two shorter ones). */
export function appSystem(): SystemContext {
  built ??= createSystem(defaultBaseConfig, appConfig)
  return built
}
