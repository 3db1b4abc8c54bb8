import { Heading, Link, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import { useDocumentTitle } from '../../shared/site'

/** Any path the router does not know (spec 000 section 2). */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found')
  return (
    <>
      <Heading as="h1" size="2xl" mb="3">
        404 Page Not Found
      </Heading>
      <Text mb="4">Did you forget to add the page to the router?</Text>
      <Link asChild variant="underline" colorPalette="brand">
        <RouterLink to="/">Back to Home</RouterLink>
      </Link>
    </>
  )
}
