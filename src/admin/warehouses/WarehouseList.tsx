import { DataTable, List } from 'react-admin'

export default function WarehouseList() {
  return (
    <List>
      <DataTable>
        <DataTable.Col source="warehouse_name" />
      </DataTable>
    </List>
  )
}
