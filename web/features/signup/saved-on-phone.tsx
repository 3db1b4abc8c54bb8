// The honest screen (offline-sync promise 3) when the server did not have the submission within
// a few seconds: it is saved on this phone and goes out by itself; the Outbox shows it.
import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { savedTexts } from '../../shared/outbox/outcome'

export function SavedOnPhone({ what, waitsForSignIn, children }: { what: string; waitsForSignIn: boolean; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
    window.scrollTo(0, 0)
  }, [])
  return (
    <Box maxW="2xl" mx="auto" textAlign="center" py={{ base: '6', md: '12' }}>
      <Box aria-hidden="true" fontSize="5xl" lineHeight="1" mb="4" color="orange.700">
        ⟳
      </Box>
      <Heading as="h1" ref={heading} tabIndex={-1} size="3xl" color="brand.900" outline="none">
        {savedTexts.title}
      </Heading>
      <Text mt="4" fontSize="lg" role="status">
        {what} is saved on this phone. {waitsForSignIn ? savedTexts.signInDescription : savedTexts.description}
      </Text>
      <Text mt="2" color="fg.muted">
        Keep the app installed and do not clear the browser&apos;s data until it has been sent.
      </Text>
      <Flex mt="8" gap="3" justify="center" wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/outbox">Open the Outbox</RouterLink>
        </Button>
        {waitsForSignIn ? (
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to="/login?next=/outbox">Sign in to send</RouterLink>
          </Button>
        ) : null}
        {children}
      </Flex>
    </Box>
  )
}
