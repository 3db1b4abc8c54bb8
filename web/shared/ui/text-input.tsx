import { createRecipeContext, type HTMLChakraProps, type RecipeProps } from '@chakra-ui/react'

const { withContext } = createRecipeContext({ key: 'input' })

export interface TextInputProps extends HTMLChakraProps<'input'>, RecipeProps<'input'> {}

/**
 * Chakra's input recipe on a plain <input>, for the initial chunk. Chakra's own `Input` wraps
 * Ark's Field (≈4 KB gzip) — use it (with `Field`) in forms, which are lazy chunks anyway.
 * Give every TextInput a <label> (or aria-label).
 */
export const TextInput = withContext<HTMLInputElement, TextInputProps>('input')
