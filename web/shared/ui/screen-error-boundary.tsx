import { Heading, Link, Text } from '@chakra-ui/react'
import { Component, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { useDocumentTitle } from '../site'
import { useT } from '../../i18n/runtime'

function ScreenError({ error }: { error: unknown }) {
  const t = useT()
  useDocumentTitle(t('ui.screenError.title'))
  const detail = error instanceof Error ? error.message : ''
  return (
    <>
      <Heading as="h1" size="2xl" mb="3">
        {t('ui.screenError.title')}
      </Heading>
      <Text mb="2">{t('ui.screenError.body')}</Text>
      {detail ? (
        <Text color="fg.muted" fontSize="sm" mb="4">
          {detail}
        </Text>
      ) : null}
      <Link asChild variant="underline" colorPalette="brand">
        <RouterLink to="/">{t('ui.backToHome')}</RouterLink>
      </Link>
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
    return this.state.error ? <ScreenError error={this.state.error} /> : this.props.children
  }
}
