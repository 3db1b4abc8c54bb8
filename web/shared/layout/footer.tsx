import { Box, Container, Flex, Link, Text, chakra } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import { mission, productName, socialMediaUrl } from '../site'

// Screens the header's spec list leaves out, reachable from every page.
const moreLinks = [
  ['/experts', 'Talk to Subject Matter Experts'],
  ['/expert-signup', 'Register as an Expert'],
  ['/reviews/farms', 'Reviews of farms'],
] as const

export function Footer() {
  const year = new Date().getFullYear()
  return (
    <Box as="footer" bg="brand.900" color="brand.50" mt="auto">
      <Container py="8">
        <Flex gap="6" align="center" justify="space-between" wrap="wrap">
          <Box>
            <Text fontWeight="bold" fontSize="lg">
              {productName}
            </Text>
            <Text>{mission}</Text>
            <Text mt="3" fontSize="sm" color="brand.200">
              © {year} {productName}. Free for buyers, no commission.
            </Text>
          </Box>
          <Box as="nav" aria-label="More">
            <Flex as="ul" listStyleType="none" gap="2" direction="column" fontSize="sm">
              {moreLinks.map(([to, label]) => (
                <li key={to}>
                  <Link asChild color="white" textDecoration="underline" textUnderlineOffset="3px" focusRingColor="white">
                    <RouterLink to={to}>{label}</RouterLink>
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
              Follow {productName} on Facebook
              <chakra.span srOnly> (opens in a new tab)</chakra.span>
            </Link>
            <Box bg="white" p="1.5" borderRadius="md" flexShrink="0">
              <img src="/qr-facebook.svg" alt={`QR code for ${productName} on Facebook`} width="112" height="112" />
            </Box>
          </Flex>
        </Flex>
      </Container>
    </Box>
  )
}
