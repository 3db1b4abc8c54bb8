// The back office's Chakra system: the app's own system (the one the outer provider holds,
// built from theme.ts's appConfig) plus the recipes only the back office renders. They stay in
// this lazy chunk; the home page's system and bundle never see them (theme.ts header).
import { ChakraProvider, createSystem, useChakraContext, type SystemContext } from '@chakra-ui/react'
import {
  badgeRecipe,
  cardSlotRecipe,
  fieldSlotRecipe,
  nativeSelectSlotRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme'
import type { ReactNode } from 'react'

const adminTheme = {
  theme: {
    // The skeleton's pulse and the busy button's spinner, with Chakra's values (the app's config
    // has no animations).
    keyframes: { pulse: { '50%': { opacity: '0.5' } }, spin: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } } },
    tokens: {
      animations: {
        pulse: { value: 'pulse 2s cubic-bezier(0.4, 0, 0.6, 1) infinite' },
        spin: { value: 'spin 1s linear infinite' },
      },
    },
    recipes: { badge: badgeRecipe, skeleton: skeletonRecipe, spinner: spinnerRecipe, textarea: textareaRecipe },
    slotRecipes: {
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
    },
  },
}

// One admin system per app system, built the first time the back office is shown.
const systems = new WeakMap<SystemContext, SystemContext>()

function adminSystemFor(app: SystemContext): SystemContext {
  let system = systems.get(app)
  if (!system) {
    system = createSystem(app._config, adminTheme)
    systems.set(app, system)
  }
  return system
}

/** Wraps a back-office screen so the recipes above resolve inside it (and its portals). */
export function AdminChakraProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={adminSystemFor(useChakraContext())}>{children}</ChakraProvider>
}
