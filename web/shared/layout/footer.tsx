import { Box, Container, Flex, Link, Text, chakra } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import { useT } from '../../i18n/runtime'
import { productName, socialMediaUrl } from '../site'

// Screens the header's spec list leaves out, reachable from every page (catalog keys).
const moreLinks = [
  ['/experts', 'layout.footer.experts'],
  ['/expert-signup', 'layout.footer.expertSignup'],
  ['/reviews/farms', 'layout.footer.farmReviews'],
] as const

export function Footer() {
  const t = useT()
  const year = new Date().getFullYear()
  return (
    <Box as="footer" bg="brand.900" color="brand.50" mt="auto">
      <Container py="8">
        <Flex gap="6" align="center" justify="space-between" wrap="wrap">
          <Box>
            <Text fontWeight="bold" fontSize="lg">
              {productName}
            </Text>
            <Text>{t('layout.mission')}</Text>
            {/* The year of a page's HTML is its build's: across a New Year it differs from the
                browser's, which hydration must accept (the next render writes this year's). */}
            <Text mt="3" fontSize="sm" color="brand.200" suppressHydrationWarning>
              {t('layout.footer.copyright', { year: String(year), productName })}
            </Text>
          </Box>
          <Box as="nav" aria-label={t('layout.footer.navLabel')}>
            <Flex as="ul" listStyleType="none" gap="2" direction="column" fontSize="sm">
              {moreLinks.map(([to, labelKey]) => (
                <li key={to}>
                  <Link asChild color="white" textDecoration="underline" textUnderlineOffset="3px" focusRingColor="white">
                    <RouterLink to={to}>{t(labelKey)}</RouterLink>
                  </Link>
                </li>
              ))}
            </Flex>
          </Box>
          <Flex gap="4" align="center">
            <Link
              href={socialMediaUrl}
              target="_blank"
              rel="noopener noreferrer"
              color="white"
              textDecoration="underline"
              textUnderlineOffset="3px"
              focusRingColor="white"
            >
              {t('layout.footer.facebook', { productName })}
              <chakra.span srOnly> {t('layout.opensInNewTab')}</chakra.span>
            </Link>
            <Box bg="white" p="1.5" borderRadius="md" flexShrink="0">
              {/* Lazy: below the fold, so React writes no preload for it and it loads after the first paint. */}
              <img src="/qr-facebook.svg" loading="lazy" decoding="async" alt={t('layout.footer.qrAlt', { productName })} width="112" height="112" />
            </Box>
          </Flex>
        </Flex>
      </Container>
    </Box>
  )
}
