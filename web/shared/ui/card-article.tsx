// The white, rounded, bordered card a listed farm is shown in (directory, farm reviews): an
// <article> named by the farm, its parts in a column.
import { chakra, type HTMLChakraProps } from '@chakra-ui/react'

export function CardArticle(props: HTMLChakraProps<'article'>) {
  return <chakra.article borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="4" bg="white" display="flex" flexDirection="column" gap="2" {...props} />
}
