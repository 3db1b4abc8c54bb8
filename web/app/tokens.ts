// Design tokens, light mode only. Values are Chakra UI 3.37's defaults (MIT) except where
// marked, with the colour palettes trimmed to those the product uses (no teal, cyan, purple,
// pink: `colorPalette="teal"` simply has no colours here).
//
// Why a copy instead of `import { tokens, semanticTokens } from '@chakra-ui/react/theme'`:
// those two objects live in the same module as Chakra's default theme config, and importing
// them keeps that config — and with it every base recipe — in the home page's bundle
// (measured: +5.5 KB gzip). Recipes are imported one by one in theme.ts instead.
import { brand } from './palette'

type Scale<V = string> = Record<string | number, V>
const tokenScale = <V extends string | number>(scale: Scale<V>): Record<string, { value: V }> =>
  Object.fromEntries(Object.entries(scale).map(([k, v]) => [k, { value: v }]))

const spacing: Scale = {
  0.5: '0.125rem', 1: '0.25rem', 1.5: '0.375rem', 2: '0.5rem', 2.5: '0.625rem', 3: '0.75rem', 3.5: '0.875rem',
  4: '1rem', 4.5: '1.125rem', 5: '1.25rem', 6: '1.5rem', 7: '1.75rem', 8: '2rem', 9: '2.25rem', 10: '2.5rem',
  11: '2.75rem', 12: '3rem', 14: '3.5rem', 16: '4rem', 20: '5rem', 24: '6rem', 28: '7rem', 32: '8rem', 36: '9rem',
  40: '10rem', 44: '11rem', 48: '12rem', 52: '13rem', 56: '14rem', 60: '15rem', 64: '16rem', 72: '18rem',
  80: '20rem', 96: '24rem',
}

const sizes: Scale = {
  '3xs': '14rem', '2xs': '16rem', xs: '20rem', sm: '24rem', md: '28rem', lg: '32rem', xl: '36rem', '2xl': '42rem',
  '3xl': '48rem', '4xl': '56rem', '5xl': '64rem', '6xl': '72rem', '7xl': '80rem', '8xl': '90rem',
  ...spacing,
  '1/2': '50%', '1/3': '33.333333%', '2/3': '66.666667%', '1/4': '25%', '3/4': '75%', '1/5': '20%', '2/5': '40%',
  '3/5': '60%', '4/5': '80%',
  max: 'max-content', min: 'min-content', fit: 'fit-content', prose: '60ch', full: '100%', dvh: '100dvh',
  svh: '100svh', lvh: '100lvh', dvw: '100dvw', svw: '100svw', lvw: '100lvw', vw: '100vw', vh: '100vh',
}

const systemFont = `-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"`

const palettes = {
  gray: { 50: '#fafafa', 100: '#f4f4f5', 200: '#e4e4e7', 300: '#d4d4d8', 400: '#a1a1aa', 500: '#71717a', 600: '#52525b', 700: '#3f3f46', 800: '#27272a', 900: '#18181b', 950: '#111111' },
  red: { 50: '#fef2f2', 100: '#fee2e2', 200: '#fecaca', 300: '#fca5a5', 400: '#f87171', 500: '#ef4444', 600: '#dc2626', 700: '#991919', 800: '#511111', 900: '#300c0c', 950: '#1f0808' },
  orange: { 50: '#fff7ed', 100: '#ffedd5', 200: '#fed7aa', 300: '#fdba74', 400: '#fb923c', 500: '#f97316', 600: '#ea580c', 700: '#92310a', 800: '#6c2710', 900: '#3b1106', 950: '#220a04' },
  yellow: { 50: '#fefce8', 100: '#fef9c3', 200: '#fef08a', 300: '#fde047', 400: '#facc15', 500: '#eab308', 600: '#ca8a04', 700: '#845209', 800: '#713f12', 900: '#422006', 950: '#281304' },
  green: { 50: '#f0fdf4', 100: '#dcfce7', 200: '#bbf7d0', 300: '#86efac', 400: '#4ade80', 500: '#22c55e', 600: '#16a34a', 700: '#116932', 800: '#124a28', 900: '#042713', 950: '#03190c' },
  blue: { 50: '#eff6ff', 100: '#dbeafe', 200: '#bfdbfe', 300: '#a3cfff', 400: '#60a5fa', 500: '#3b82f6', 600: '#2563eb', 700: '#173da6', 800: '#1a3478', 900: '#14204a', 950: '#0c142e' },
  brand,
} satisfies Record<string, Scale>

const alphaSteps = { 50: 0.04, 100: 0.06, 200: 0.08, 300: 0.16, 400: 0.24, 500: 0.36, 600: 0.48, 700: 0.64, 800: 0.8, 900: 0.92, 950: 0.95 }
const alphaScale = (rgb: string) =>
  Object.fromEntries(Object.entries(alphaSteps).map(([k, a]) => [k, { value: `rgba(${rgb}, ${a})` }]))

export const tokens = {
  aspectRatios: tokenScale({ square: '1 / 1', landscape: '4 / 3', portrait: '3 / 4', wide: '16 / 9' }),
  borders: tokenScale({ xs: '0.5px solid', sm: '1px solid', md: '2px solid', lg: '4px solid', xl: '8px solid' }),
  colors: {
    transparent: { value: 'transparent' },
    current: { value: 'currentColor' },
    black: { value: '#09090B' },
    white: { value: '#FFFFFF' },
    whiteAlpha: alphaScale('255, 255, 255'),
    blackAlpha: alphaScale('0, 0, 0'),
    ...Object.fromEntries(Object.entries(palettes).map(([name, scale]) => [name, tokenScale(scale)])),
  },
  cursor: tokenScale({ button: 'pointer', checkbox: 'default', disabled: 'not-allowed', menuitem: 'default', option: 'default', radio: 'default', slider: 'default', switch: 'pointer' }),
  durations: tokenScale({ fastest: '50ms', faster: '100ms', fast: '150ms', moderate: '200ms', slow: '300ms', slower: '400ms', slowest: '500ms' }),
  easings: tokenScale({ 'ease-in': 'cubic-bezier(0.42, 0, 1, 1)', 'ease-out': 'cubic-bezier(0, 0, 0.58, 1)', 'ease-in-out': 'cubic-bezier(0.42, 0, 0.58, 1)' }),
  // Changed: the system font stack (no web font to download on 3G).
  fonts: tokenScale({ heading: systemFont, body: systemFont, mono: 'SFMono-Regular,Menlo,Monaco,Consolas,"Liberation Mono","Courier New",monospace' }),
  fontSizes: tokenScale({ '2xs': '0.625rem', xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem', '2xl': '1.5rem', '3xl': '1.875rem', '4xl': '2.25rem', '5xl': '3rem', '6xl': '3.75rem', '7xl': '4.5rem' }),
  fontWeights: tokenScale({ normal: '400', medium: '500', semibold: '600', bold: '700', extrabold: '800' }),
  letterSpacings: tokenScale({ tighter: '-0.05em', tight: '-0.025em', wide: '0.025em', wider: '0.05em', widest: '0.1em' }),
  lineHeights: tokenScale({ shorter: 1.25, short: 1.375, moderate: 1.5, tall: 1.625, taller: 2 }),
  radii: tokenScale({ none: '0', '2xs': '0.0625rem', xs: '0.125rem', sm: '0.25rem', md: '0.375rem', lg: '0.5rem', xl: '0.75rem', '2xl': '1rem', '3xl': '1.5rem', '4xl': '2rem', full: '9999px' }),
  sizes: tokenScale(sizes),
  spacing: tokenScale(spacing),
  zIndex: tokenScale({ hide: -1, base: 0, docked: 10, dropdown: 1000, sticky: 1100, banner: 1200, overlay: 1300, modal: 1400, popover: 1500, skipNav: 1600, toast: 1700, tooltip: 1800, max: 2147483647 }),
}

const ref = (path: string) => ({ value: `{colors.${path}}` })

/** The semantic palette Chakra's recipes read through `colorPalette.*`. */
function semanticPalette(name: string, overrides: Partial<Record<string, string>> = {}) {
  const base: Record<string, string> = {
    contrast: 'white',
    fg: `{colors.${name}.700}`,
    subtle: `{colors.${name}.100}`,
    muted: `{colors.${name}.200}`,
    emphasized: `{colors.${name}.300}`,
    solid: `{colors.${name}.600}`,
    focusRing: `{colors.${name}.500}`,
    border: `{colors.${name}.500}`,
    ...overrides,
  }
  return Object.fromEntries(Object.entries(base).map(([k, v]) => [k, { value: v }]))
}

const shadow = (y: number, blur: number, a = 10) => ({ value: `0px ${y}px ${blur}px {colors.gray.900/${a}}, 0px 0px 1px {colors.gray.900/30}` })

export const semanticTokens = {
  colors: {
    bg: {
      DEFAULT: ref('white'),
      subtle: ref('gray.50'),
      muted: ref('gray.100'),
      emphasized: ref('gray.200'),
      inverted: ref('black'),
      panel: ref('white'),
      error: ref('red.50'),
      warning: ref('orange.50'),
      success: ref('green.50'),
      info: ref('blue.50'),
    },
    fg: {
      DEFAULT: ref('black'),
      muted: ref('gray.600'),
      // Changed: Chakra's defaults here fail 4.5:1 on white; raised one step (palette.test.ts).
      subtle: ref('gray.500'),
      inverted: ref('gray.50'),
      error: ref('red.600'),
      warning: ref('orange.700'),
      success: ref('green.700'),
      info: ref('blue.600'),
    },
    border: {
      DEFAULT: ref('gray.200'),
      muted: ref('gray.100'),
      subtle: ref('gray.50'),
      emphasized: ref('gray.300'),
      inverted: ref('gray.800'),
      error: ref('red.500'),
      warning: ref('orange.500'),
      success: ref('green.500'),
      info: ref('blue.500'),
    },
    gray: semanticPalette('gray', { fg: '{colors.gray.800}', solid: '{colors.gray.900}', focusRing: '{colors.gray.400}', border: '{colors.gray.200}' }),
    red: semanticPalette('red'),
    // Changed: solid orange and green raised to 700 so white text on them passes AA.
    orange: semanticPalette('orange', { solid: '{colors.orange.700}' }),
    yellow: semanticPalette('yellow', { contrast: 'black', fg: '{colors.yellow.800}', solid: '{colors.yellow.300}' }),
    green: semanticPalette('green', { solid: '{colors.green.700}' }),
    blue: semanticPalette('blue'),
    // The product's brand green: solid #166534 (white text 7.1:1).
    brand: semanticPalette('brand', { fg: '{colors.brand.800}', subtle: '{colors.brand.50}', muted: '{colors.brand.100}', emphasized: '{colors.brand.200}', solid: '{colors.brand.800}', focusRing: '{colors.brand.700}', border: '{colors.brand.600}' }),
  },
  radii: { l1: { value: '{radii.xs}' }, l2: { value: '{radii.sm}' }, l3: { value: '{radii.md}' } },
  shadows: {
    xs: { value: '0px 1px 2px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/20}' },
    sm: shadow(2, 4),
    md: shadow(4, 8),
    lg: shadow(8, 16),
    xl: shadow(16, 24),
    '2xl': shadow(24, 40, 16),
    inner: { value: 'inset 0 2px 4px 0 {black/5}' },
    inset: { value: 'inset 0 0 0 1px {black/5}' },
  },
}
