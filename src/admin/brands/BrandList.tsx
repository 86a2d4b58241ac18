import { DataTable, List } from 'react-admin'

export default function BrandList() {
  return (
    <List>
      <DataTable>
        <DataTable.Col source="brand_name" />
      </DataTable>
    </List>
  )
}
