// One staff write and the lists it changes: after a success the given queries refetch (spec 001 §7).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest, isQueryOfUrl } from '../../../shared/api'

export interface AdminWrite {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  body?: unknown
}

export function useAdminWrite(invalidates: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ method, url, body }: AdminWrite): Promise<unknown> => {
      const res = await apiRequest(method, url, body)
      return res.status === 204 ? null : res.json()
    },
    onSuccess: () =>
      Promise.all(
        invalidates.map((queryKey) =>
          // A one-URL key also refreshes that URL's pages (a public list paged by its query string).
          queryKey.length === 1 && typeof queryKey[0] === 'string'
            ? queryClient.invalidateQueries({ predicate: (query) => isQueryOfUrl(query.queryKey, queryKey[0] as string) })
            : queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  })
}
