import { DataTable, List } from 'react-admin'

export default function UserList() {
  return (
    <List>
      <DataTable>
        <DataTable.Col source="username" />
      </DataTable>
    </List>
  )
}
