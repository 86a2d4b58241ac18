// /booking_reasons: the reasons a clerk may give a booking (received, damaged, found...), each named in English and
// Dutch. Administrators add them, rename them and retire them; a retired reason stays on the bookings made with it.
import { useState } from 'react'
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material'
import { Title } from 'react-admin'
import { useGetList, useNotify } from 'ra-core'
import type { BookingReason } from '../../contract'
import { MAX_LIST_LIMIT } from '../../contract/constants'
import { useRecordWrites } from '../common/useRecordWrites'
import { useTranslate } from '../common/translate'
import { ListMessage } from '../common/ListMessage'

const RESOURCE = 'booking_reasons'
const CODE_PATTERN = /^[a-z][a-z0-9_]{0,31}$/
const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export default function BookingReasonList() {
  const translate = useTranslate()
  const { data, isPending, error } = useGetList<BookingReason>(RESOURCE, {
    pagination: { page: 1, perPage: MAX_LIST_LIMIT },
    sort: { field: 'id', order: 'ASC' },
  })
  return (
    <Box sx={{ maxWidth: 900, mt: 2 }}>
      <Title title={translate('reasons.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('reasons.intro')}
      </Typography>
      <AddReason />
      {isPending || error || !data?.length ? (
        <ListMessage pending={isPending} error={error} empty={translate('reasons.empty')} />
      ) : (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {data.map((reason) => (
            <ReasonCard key={reason.id} reason={reason} />
          ))}
        </Stack>
      )}
    </Box>
  )
}

function AddReason() {
  const translate = useTranslate()
  const notify = useNotify()
  const { create } = useRecordWrites()
  const [values, setValues] = useState({ code: '', name_en: '', name_nl: '' })
  const [failure, setFailure] = useState<string>()
  const codeInvalid = values.code !== '' && !CODE_PATTERN.test(values.code)
  const ready = CODE_PATTERN.test(values.code) && values.name_en.trim() !== '' && values.name_nl.trim() !== ''
  const add = async () => {
    setFailure(undefined)
    try {
      await create(RESOURCE, { data: values })
      notify('reasons.added', { type: 'success', messageArgs: { name: values.code } })
      setValues({ code: '', name_en: '', name_nl: '' })
    } catch (error) {
      setFailure(message(error))
    }
  }
  return (
    <Card variant="outlined">
      <CardContent
        component="form"
        noValidate
        aria-label={translate('reasons.add')}
        onSubmit={(event) => {
          event.preventDefault()
          if (ready) void add()
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            label={translate('reasons.code')}
            value={values.code}
            onChange={(event) => setValues({ ...values, code: event.target.value.trim().toLowerCase() })}
            error={codeInvalid}
            helperText={translate('reasons.code_help')}
            sx={{ minWidth: 160 }}
          />
          <NameFields names={values} onChange={(names) => setValues({ ...values, ...names })} />
          <Button type="submit" variant="contained" disabled={!ready} sx={{ minHeight: 44, flexShrink: 0 }}>
            {translate('reasons.add')}
          </Button>
        </Stack>
        <Failure text={failure} />
      </CardContent>
    </Card>
  )
}

function ReasonCard({ reason }: { reason: BookingReason }) {
  const translate = useTranslate()
  const notify = useNotify()
  const { update } = useRecordWrites()
  const [names, setNames] = useState({ name_en: reason.name_en, name_nl: reason.name_nl })
  const [failure, setFailure] = useState<string>()
  const changed = names.name_en.trim() !== reason.name_en || names.name_nl.trim() !== reason.name_nl
  const filled = names.name_en.trim() !== '' && names.name_nl.trim() !== ''
  const save = async (data: Partial<Pick<BookingReason, 'name_en' | 'name_nl' | 'active'>>) => {
    setFailure(undefined)
    try {
      await update(RESOURCE, { id: reason.id, data, previousData: reason })
      notify('reasons.saved', { type: 'success', messageArgs: { name: reason.code } })
    } catch (error) {
      setFailure(message(error))
    }
  }
  return (
    <Card variant="outlined" data-testid="booking-reason" sx={{ opacity: reason.active ? 1 : 0.7 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack
          component="form"
          noValidate
          aria-label={reason.code}
          onSubmit={(event) => {
            event.preventDefault()
            if (changed && filled) void save({ name_en: names.name_en, name_nl: names.name_nl })
          }}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Typography sx={{ fontFamily: 'monospace', minWidth: 120 }}>{reason.code}</Typography>
          <NameFields names={names} onChange={setNames} />
          <Button type="submit" disabled={!changed || !filled} sx={{ minHeight: 44 }}>
            {translate('ra.action.save')}
          </Button>
          <FormControlLabel
            sx={{ minHeight: 44, ml: { sm: 'auto' } }}
            control={<Switch checked={reason.active} onChange={(_event, active) => void save({ active })} />}
            label={translate('reasons.offered')}
          />
        </Stack>
        <Failure text={failure} />
      </CardContent>
    </Card>
  )
}

type Names = Pick<BookingReason, 'name_en' | 'name_nl'>

/** A reason's name in each language: the same two fields to add one and to rename one */
function NameFields({ names, onChange }: { names: Names; onChange: (names: Names) => void }) {
  const translate = useTranslate()
  return (['name_en', 'name_nl'] as const).map((field) => (
    <TextField
      key={field}
      size="small"
      label={translate(`reasons.${field}`)}
      value={names[field]}
      onChange={(event) => onChange({ ...names, [field]: event.target.value })}
      slotProps={{ htmlInput: { maxLength: 100 } }}
    />
  ))
}

const Failure = ({ text }: { text?: string }) =>
  text ? (
    <Alert severity="error" sx={{ mt: 1 }}>
      {text}
    </Alert>
  ) : null
