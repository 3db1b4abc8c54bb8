import { Link } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'

export function BackToDashboard() {
  return (
    <Link asChild variant="underline" colorPalette="brand" alignSelf="flex-start">
      <RouterLink to="/admin">← Back to Dashboard</RouterLink>
    </Link>
  )
}
