// The power symbol as an inline SVG in the text colour: the "⏻" character (Unicode 9) is missing
// from many phones' and desktops' fonts and rendered as an empty box. No icon library for one glyph.
import { chakra } from '@chakra-ui/react'

export function PowerIcon() {
  return (
    <chakra.svg viewBox="0 0 24 24" width="1em" height="1em" flexShrink="0" aria-hidden="true" focusable="false" data-icon="power">
      <path d="M12 3v9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M6.3 6.8a8 8 0 1 0 11.4 0" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </chakra.svg>
  )
}
