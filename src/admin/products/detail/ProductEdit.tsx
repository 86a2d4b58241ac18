// Placeholder until the edit product screen is built.
export default function ProductEdit() {
  return null
}
