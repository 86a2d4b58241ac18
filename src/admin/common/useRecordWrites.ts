// react-admin's create, update and delete as promises that settle when the server has answered, so a screen
// can clear a field on success and show the server's reason on failure. Lists of the resource refresh after each.
import { useCreate, useDelete, useUpdate } from 'ra-core'

export function useRecordWrites() {
  const [create] = useCreate(undefined, undefined, { returnPromise: true })
  const [update] = useUpdate(undefined, undefined, { mutationMode: 'pessimistic', returnPromise: true })
  const [remove] = useDelete(undefined, undefined, { mutationMode: 'pessimistic', returnPromise: true })
  return { create, update, remove }
}
