// The product's colours as plain hex values, so their contrast can be checked in a unit test
// (palette.test.ts) without loading Chakra. theme.ts turns them into tokens.

/** Brand green scale (the manifest's theme colour is brand[800]). */
export const brand = {
  50: '#f0fdf4',
  100: '#dcfce7',
  200: '#bbf7d0',
  300: '#86efac',
  400: '#4ade80',
  500: '#22c55e',
  600: '#16a34a',
  700: '#15803d',
  800: '#166534',
  900: '#14532d',
  950: '#052e16',
} as const

/**
 * Text/background pairs the interface uses. Every pair must reach WCAG AA 4.5:1 for normal
 * text; palette.test.ts enforces it. Add a pair here whenever a screen uses a new one.
 */
export const textPairs = {
  // Solid brand button, header join button: white on brand.solid.
  brandSolid: { fg: '#ffffff', bg: brand[800] },
  // Brand links and brand-coloured text on white and on the subtle brand surfaces.
  brandFgOnWhite: { fg: brand[800], bg: '#ffffff' },
  brandFgOnSubtle: { fg: brand[800], bg: brand[50] },
  brandFgOnMuted: { fg: brand[900], bg: brand[100] },
  // Body text and muted text (Chakra gray.600) on white and on gray.50.
  bodyOnWhite: { fg: '#09090b', bg: '#ffffff' },
  mutedOnWhite: { fg: '#52525b', bg: '#ffffff' },
  mutedOnSubtle: { fg: '#52525b', bg: '#fafafa' },
  // fg.subtle is raised from gray.400 (2.6:1) to gray.500.
  subtleOnWhite: { fg: '#71717a', bg: '#ffffff' },
  // Footer: brand.50 text on brand.900.
  footer: { fg: brand[50], bg: brand[900] },
  footerMuted: { fg: brand[200], bg: brand[900] },
  // Status colours raised one step where Chakra's defaults fail (see theme.ts overrides).
  errorOnWhite: { fg: '#dc2626', bg: '#ffffff' }, // red.600
  warningOnWhite: { fg: '#92310a', bg: '#ffffff' }, // orange.700
  successOnWhite: { fg: '#116932', bg: '#ffffff' }, // green.700
  redSolid: { fg: '#ffffff', bg: '#dc2626' },
  orangeSolid: { fg: '#ffffff', bg: '#92310a' },
  greenSolid: { fg: '#ffffff', bg: '#116932' },
  tealSolid: { fg: '#ffffff', bg: '#0c5d56' },
  // Update banner: white on gray.900.
  banner: { fg: '#ffffff', bg: '#18181b' },
} as const

function channel(c: number): number {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex)
  if (!m?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`)
  const n = Number.parseInt(m[1], 16)
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
