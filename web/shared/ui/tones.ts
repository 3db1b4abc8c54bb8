// Colour pairs of the small status pills (Premium, Delivery, Bulk, Active, Verified Review) and
// of the rating stars, as Chakra tokens with their hex values (tokens.ts) so a unit test can
// check WCAG AA contrast without loading Chakra.
export const pillTones = {
  green: { bg: 'green.100', fg: 'green.800', bgHex: '#dcfce7', fgHex: '#124a28' },
  blue: { bg: 'blue.100', fg: 'blue.800', bgHex: '#dbeafe', fgHex: '#1a3478' },
  yellow: { bg: 'yellow.100', fg: 'yellow.800', bgHex: '#fef9c3', fgHex: '#713f12' },
  orange: { bg: 'orange.100', fg: 'orange.800', bgHex: '#ffedd5', fgHex: '#6c2710' },
  gray: { bg: 'gray.100', fg: 'gray.800', bgHex: '#f4f4f5', fgHex: '#27272a' },
} as const

export type PillTone = keyof typeof pillTones

/** Filled and empty stars on white: graphics need 3:1 (WCAG 1.4.11). */
export const starColours = {
  filled: { token: 'orange.600', hex: '#ea580c' },
  empty: { token: 'gray.500', hex: '#71717a' },
} as const
