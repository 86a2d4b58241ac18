// 'Add product' and its modal (SPEC §2, §3, §4). After Save the modal stays open for the next product:
// sku, ASIN, barcode, description, image URL and supplier are cleared, article number and brand stay.
import { useState } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import { SaveButton } from 'react-admin'
import { Form, useCreate, useNotify } from 'ra-core'
import { useFormState, useWatch } from 'react-hook-form'
import type { Product, ProductCreate } from '../../contract'
import { ProductFields } from './ProductFields'
import { BRAND_PICKER, PickOrCreateInput, SUPPLIER_PICKER } from '../common/PickOrCreate'
import { fieldErrorsOf } from '../providers/http'
import { useTranslate } from '../common/translate'

/** the fields that stay filled in for the next product */
const KEPT_AFTER_SAVE = ['article_number', 'brand_id'] as const
type Kept = Pick<ProductCreate, (typeof KEPT_AFTER_SAVE)[number]>

const isFilled = (value: unknown) => value !== undefined && value !== null && value !== ''
const filledOnly = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, value]) => isFilled(value)))

export function AddProductDialog({ onCreated }: { onCreated: (product: Product) => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const [open, setOpen] = useState(false)
  const [kept, setKept] = useState<Kept>({})
  // a new key gives a fresh form whose defaults are the kept fields
  const [formKey, setFormKey] = useState(0)
  const [problem, setProblem] = useState<string>()
  const [create] = useCreate<Product>(undefined, undefined, { returnPromise: true })

  const close = () => {
    setOpen(false)
    setKept({})
    setProblem(undefined)
    setFormKey((key) => key + 1)
  }

  const save = async (values: Record<string, unknown>) => {
    setProblem(undefined)
    try {
      const product = (await create('products', { data: filledOnly(values) })) as Product
      notify('products.add.created', { type: 'success', messageArgs: { name: product.article_number ?? product.sku ?? `#${product.id}` } })
      setKept(Object.fromEntries(KEPT_AFTER_SAVE.map((field) => [field, values[field] ?? null])))
      setFormKey((key) => key + 1)
      onCreated(product)
    } catch (failure) {
      setProblem((failure as Error).message)
      return fieldErrorsOf(failure)
    }
  }

  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('terms.add_product')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="add-product-title">
        <DialogTitle id="add-product-title">{translate('terms.add_product')}</DialogTitle>
        <Form key={formKey} defaultValues={kept} onSubmit={save}>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={1}>
              {problem && <Alert severity="error">{problem}</Alert>}
              <ProductFields layout="dialog" autoFocus />
              <PickOrCreateInput source="brand_id" {...BRAND_PICKER} label={translate('resources.products.fields.brand_id')} />
              <PickOrCreateInput source="supplier_id" {...SUPPLIER_PICKER} label={translate('resources.products.fields.supplier_id')} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('terms.close')}</Button>
            <SaveWhenFilled />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  )
}

/** Save is possible as soon as any field holds something (SPEC §5 asks for no required field). */
function SaveWhenFilled() {
  const values = useWatch() as Record<string, unknown>
  const { isSubmitting } = useFormState()
  const filled = Object.values(values).some(isFilled)
  return <SaveButton disabled={!filled} alwaysEnable={filled && !isSubmitting} />
}
