import { Button, Flex, Heading, Link, Text } from '@chakra-ui/react'
import { Component, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { useDocumentTitle } from '../site'
import { useT } from '../../i18n/runtime'

/**
 * What a reader sees when a screen cannot be shown: the reason in their language, never the
 * error's own text ("Failed to fetch dynamically imported module: …/assets/login-page-….js" when a
 * chunk never loaded online cannot load offline), which is English and means nothing to them. The
 * error goes to the console (React logs what a boundary catches) for whoever debugs it.
 */
function ScreenError() {
  const t = useT()
  useDocumentTitle(t('ui.screenError.title'))
  return (
    <>
      <Heading as="h1" size="2xl" mb="3">
        {t('ui.screenError.title')}
      </Heading>
      <Text mb="4">{t('ui.screenError.body')}</Text>
      <Flex gap="4" align="center" wrap="wrap">
        {/* A fresh load asks for the screen's code again (back in coverage, or after an update). */}
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          {t('ui.tryAgain')}
        </Button>
        <Link asChild variant="underline" colorPalette="brand">
          <RouterLink to="/">{t('ui.backToHome')}</RouterLink>
        </Link>
      </Flex>
    </>
  )
}

/**
 * Catches a screen that crashed or whose lazy chunk failed to load, and keeps the layout
 * around it. The layout keys it by path, so navigating elsewhere resets it.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override render() {
    return this.state.error ? <ScreenError /> : this.props.children
  }
}
