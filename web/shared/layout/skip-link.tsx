import { chakra } from '@chakra-ui/react'
import type { MouseEvent } from 'react'
import { useT } from '../../i18n/runtime'

export const mainContentId = 'main-content'

/** 'Skip to content': hidden until focused, moves focus to <main>. */
export function SkipLink() {
  const t = useT()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(mainContentId)
    if (!main) return
    event.preventDefault()
    main.focus()
    main.scrollIntoView()
  }
  return (
    <chakra.a
      href={`#${mainContentId}`}
      onClick={onClick}
      position="absolute"
      top="2"
      left="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="white"
      color="brand.800"
      fontWeight="semibold"
      borderRadius="md"
      boxShadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
      _focus={{ transform: 'none' }}
    >
      {t('layout.skipLink')}
    </chakra.a>
  )
}
