// A document's page: the way back, one heading with its marks, its parts, and only the steps its status allows.
import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DocumentScreen, DocumentSection, DocumentSteps, type DocumentStep } from '../../src/admin/common/DocumentScreen'
import { renderInAdmin } from './render'

type Status = 'open' | 'submitted' | 'applied'
const steps: DocumentStep<Status, 'submit' | 'apply' | 'cancel'>[] = [
  { name: 'submit', label: 'Submit', from: ['open'] },
  { name: 'apply', label: 'Apply', from: ['open', 'submitted'], variant: 'contained' },
  { name: 'cancel', label: 'Cancel the count', from: ['open', 'submitted'], color: 'warning' },
]

function renderDocument(status: Status, { busy = false, onStep = vi.fn() } = {}) {
  renderInAdmin(
    {
      '/stock_counts/7': (
        <DocumentScreen
          title="Count #7"
          back={{ to: '/stock_counts', label: 'All counts' }}
          heading="Count #7 in Rotterdam"
          marks={<span>{status}</span>}
          note="Monday"
        >
          <DocumentSection title="Review">
            <DocumentSteps status={status} steps={steps} busy={busy} onStep={onStep} />
          </DocumentSection>
        </DocumentScreen>
      ),
    },
    { at: '/stock_counts/7' },
  )
  return onStep
}

describe('a document screen', () => {
  it('has one heading, the way back to its list, its note and its parts', () => {
    renderDocument('open')
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Count #7 in Rotterdam')
    expect(screen.getByRole('link', { name: 'All counts' })).toHaveAttribute('href', '/stock_counts')
    expect(screen.getByText('Monday')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Review' })).toBeInTheDocument()
  })

  it('offers only the steps its status allows, and says which was taken', async () => {
    const onStep = renderDocument('submitted')
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(onStep).toHaveBeenCalledWith('apply')
  })

  it('offers nothing once no step is left', () => {
    renderDocument('applied')
    expect(screen.queryAllByRole('button')).toEqual([])
  })

  it('disables every step while one runs', () => {
    renderDocument('open', { busy: true })
    for (const name of ['Submit', 'Apply', 'Cancel the count']) expect(screen.getByRole('button', { name })).toBeDisabled()
  })
})
