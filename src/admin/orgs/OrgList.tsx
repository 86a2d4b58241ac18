import { DataTable, List } from 'react-admin'

export default function OrgList() {
  return (
    <List>
      <DataTable>
        <DataTable.Col source="org_name" />
      </DataTable>
    </List>
  )
}
