// One document's page (a count now; purchase orders, seller orders and pick lists next): the way back to its list,
// the heading with its status, its note, its parts as cards (lines, review), and the steps its status allows.
import type { ReactNode } from 'react'
import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material'
import { Title } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'

interface DocumentScreenProps {
  /** the browser tab's and the app bar's title */
  title: string
  /** the list it belongs to, and the link's words */
  back: { to: string; label: string }
  heading: string
  /** the status chip, and any other marks (blind) */
  marks: ReactNode
  note?: string | null
  children: ReactNode
}

export function DocumentScreen({ title, back, heading, marks, note, children }: DocumentScreenProps) {
  return (
    <Box sx={{ mt: 1, mb: 2, maxWidth: 1100 }}>
      <Title title={title} />
      <Link component={RouterLink} to={back.to} variant="body2">
        {back.label}
      </Link>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 1 }}>
        <Typography variant="h6" component="h2">
          {heading}
        </Typography>
        {marks}
      </Stack>
      {note && <Typography color="text.secondary">{note}</Typography>}
      <Stack spacing={2} sx={{ mt: 1 }}>
        {children}
      </Stack>
    </Box>
  )
}

/** A part of a document's page: a card with its heading. */
export function DocumentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  )
}

export interface DocumentStep<Status extends string, Name extends string> {
  name: Name
  label: string
  /** the statuses the step is offered in */
  from: readonly Status[]
  variant?: 'contained' | 'outlined' | 'text'
  color?: 'primary' | 'warning'
  disabled?: boolean
}

/** The buttons of the steps the document's status allows; none once no step is left. */
export function DocumentSteps<Status extends string, Name extends string>({
  status,
  steps,
  busy,
  onStep,
}: {
  status: Status
  steps: readonly DocumentStep<Status, Name>[]
  busy: boolean
  onStep: (name: Name) => void
}) {
  const offered = steps.filter((step) => step.from.includes(status))
  if (offered.length === 0) return null
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
      {offered.map((step) => (
        <Button
          key={step.name}
          variant={step.variant ?? 'text'}
          color={step.color ?? 'primary'}
          disabled={busy || step.disabled}
          onClick={() => onStep(step.name)}
        >
          {step.label}
        </Button>
      ))}
    </Stack>
  )
}
