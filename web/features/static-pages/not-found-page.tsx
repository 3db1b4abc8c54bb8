import { Heading, Link, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import { useDocumentTitle } from '../../shared/site'
import { useT } from '../../i18n/runtime'

/** Any path the router does not know (spec 000 section 2). */
export function NotFoundPage() {
  const t = useT()
  useDocumentTitle(t('app.notFound.title'))
  return (
    <>
      <Heading as="h1" size="2xl" mb="3">
        {t('app.notFound.heading')}
      </Heading>
      <Text mb="4">{t('app.notFound.body')}</Text>
      <Link asChild variant="underline" colorPalette="brand">
        <RouterLink to="/">{t('ui.backToHome')}</RouterLink>
      </Link>
    </>
  )
}
