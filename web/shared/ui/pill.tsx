import { chakra } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { pillTones, type PillTone } from './tones'

/** A small status badge ('Premium', 'Delivery', 'Verified Review') with AA-contrast colours. */
export function Pill({ tone = 'gray', children, ...rest }: { tone?: PillTone; children: ReactNode; title?: string; 'data-testid'?: string }) {
  const colours = pillTones[tone]
  return (
    <chakra.span
      {...rest}
      display="inline-flex"
      alignItems="center"
      px="2"
      py="0.5"
      borderRadius="full"
      fontSize="xs"
      fontWeight="semibold"
      lineHeight="1.4"
      whiteSpace="nowrap"
      bg={colours.bg}
      color={colours.fg}
    >
      {children}
    </chakra.span>
  )
}
