import { DataTable, List } from 'react-admin'

export default function ProductList() {
  return (
    <List>
      <DataTable>
        <DataTable.Col source="sku" />
        <DataTable.Col source="article_number" />
        <DataTable.Col source="description" />
      </DataTable>
    </List>
  )
}
