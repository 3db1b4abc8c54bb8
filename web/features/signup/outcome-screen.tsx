// The screen a signup form gives way to once it is done ('Application Submitted!', 'Registration
// Submitted!', 'Saved on this phone'): a centred mark, a level-1 heading that takes focus (and the
// page scrolls to the top), a lead line, a muted note and the actions.
import { Box, Flex, Heading, Text } from '@chakra-ui/react'
import { useEffect, useRef, type ReactNode } from 'react'

export function OutcomeScreen({
  mark,
  markColor,
  title,
  lead,
  leadRole,
  note,
  children,
}: {
  mark: string
  markColor: string
  title: string
  lead: ReactNode
  /** e.g. 'status', so the lead is announced. */
  leadRole?: string
  note: ReactNode
  /** The action buttons. */
  children: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
    window.scrollTo(0, 0)
  }, [])
  return (
    <Box maxW="2xl" mx="auto" textAlign="center" py={{ base: '6', md: '12' }}>
      <Box aria-hidden="true" fontSize="5xl" lineHeight="1" mb="4" color={markColor}>
        {mark}
      </Box>
      <Heading as="h1" ref={heading} tabIndex={-1} size="3xl" color="brand.900" outline="none">
        {title}
      </Heading>
      <Text mt="4" fontSize="lg" role={leadRole}>
        {lead}
      </Text>
      <Text mt="2" color="fg.muted">
        {note}
      </Text>
      <Flex mt="8" gap="3" justify="center" wrap="wrap">
        {children}
      </Flex>
    </Box>
  )
}
