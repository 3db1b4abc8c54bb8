import { Heading, Text } from '@chakra-ui/react'
import { useDocumentTitle } from '../site'
import { useT } from '../../i18n/runtime'

/** An honest stand-in for a screen whose issue has not landed yet. */
export function ScreenPlaceholder({ title }: { title: string }) {
  const t = useT()
  useDocumentTitle(title)
  return (
    <>
      <Heading as="h1" size="2xl" mb="3">
        {title}
      </Heading>
      <Text color="fg.muted">{t('ui.screenPlaceholder.body')}</Text>
    </>
  )
}
