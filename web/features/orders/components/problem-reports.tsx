import { type FormEvent, useId, useState } from 'react'
import type { Order } from '../../../../modules/orders/contract'
import { PHOTO_CONTENT_TYPES } from '../../../../modules/shared/contract'
import {
  newProblemSchema,
  PROBLEM_DETAILS_MAX_LENGTH,
  PROBLEM_KIND_LABELS,
  PROBLEM_KINDS_BY_SIDE,
  type Problem,
  type ProblemKind,
  problemReportsOpen,
} from '../../../../modules/trust/contract'
import { useClock } from '../../../lib/clock'
import { ApiError } from '../../../lib/http'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { FieldError } from '../../../ui/form'
import { useValidatedForm } from '../../../ui/use-validated-form'
import { useProblems, useReportProblem } from '../api/after-delivery'
import { formatOrderDate } from '../order-figures'

function ProblemForm({ order, side, onSent, onCancel }: { order: Order; side: 'buyer' | 'runner'; onSent: () => void; onCancel: () => void }) {
  const form = useValidatedForm<{ kind: ProblemKind | ''; details: string; photo: File | null }>({ kind: '', details: '', photo: null })
  const { values, errors, setValue } = form
  const [shrinking, setShrinking] = useState(false)
  const report = useReportProblem(order.id)
  const ids = { kind: useId(), details: useId(), photo: useId() }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = form.validate(newProblemSchema, { kind: values.kind || undefined, details: values.details })
    if (!problem) return
    setShrinking(values.photo !== null)
    report.mutate({ problem, photo: values.photo, onShrunk: () => setShrinking(false) }, { onSuccess: onSent, onSettled: () => setShrinking(false) })
  }

  return (
    <form ref={form.formRef} className="stack" onSubmit={submit} noValidate aria-label="Report a problem">
      <div className={`field${errors.kind ? ' field--invalid' : ''}`}>
        <label htmlFor={ids.kind}>What went wrong?</label>
        <select id={ids.kind} value={values.kind} onChange={(event) => setValue('kind', event.target.value as ProblemKind)} aria-invalid={Boolean(errors.kind)}>
          <option value="">Choose one</option>
          {PROBLEM_KINDS_BY_SIDE[side].map((value) => (
            <option key={value} value={value}>
              {PROBLEM_KIND_LABELS[value]}
            </option>
          ))}
        </select>
        {errors.kind && <FieldError>{errors.kind}</FieldError>}
      </div>
      <div className={`field${errors.details ? ' field--invalid' : ''}`}>
        <label htmlFor={ids.details}>Details</label>
        <textarea
          id={ids.details}
          rows={3}
          value={values.details}
          maxLength={PROBLEM_DETAILS_MAX_LENGTH}
          onChange={(event) => setValue('details', event.target.value)}
          aria-invalid={Boolean(errors.details)}
        />
        {errors.details && <FieldError>{errors.details}</FieldError>}
      </div>
      <div className="field">
        <label htmlFor={ids.photo}>Photo (optional)</label>
        <input id={ids.photo} type="file" accept={PHOTO_CONTENT_TYPES.join(',')} onChange={(event) => setValue('photo', event.target.files?.[0] ?? null)} />
      </div>
      {report.error && <FieldError>{report.error instanceof ApiError ? report.error.userMessage : report.error.message}</FieldError>}
      <div className="problem-form__actions">
        <Button type="submit" variant="primary" disabled={report.isPending}>
          {shrinking ? 'Preparing photo...' : report.isPending ? 'Sending...' : 'Send Report'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function ProblemLine({ problem }: { problem: Problem }) {
  return (
    <li className="stack stack--tight problem-line">
      <p className="problem-line__head">
        <strong>{PROBLEM_KIND_LABELS[problem.kind]}</strong>
        <span className={`problem-line__status problem-line__status--${problem.status}`}>{problem.status === 'open' ? 'Open' : 'Resolved'}</span>
      </p>
      <p className="meta meta--small">
        Reported by the {problem.reportedBy} · <time dateTime={problem.createdAt}>{formatOrderDate(problem.createdAt)}</time>
      </p>
      <p className="problem-line__details">{problem.details}</p>
      {problem.photoUrl && (
        <a className="text-link" href={problem.photoUrl} target="_blank" rel="noreferrer">
          View photo
        </a>
      )}
      {problem.resolution && <p className="problem-line__resolution">Support: {problem.resolution}</p>}
      {problem.refund && <p className="problem-line__refund">Refunded ${problem.refund.amount} to the card</p>}
    </li>
  )
}

/** The order's problem reports with their status, and 'Report a problem' while reports are open; for its buyer and runner. */
export function ProblemReports({ order, viewerId }: { order: Order; viewerId: string | undefined }) {
  const side = viewerId === order.buyerId ? 'buyer' : viewerId !== undefined && viewerId === order.runnerId ? 'runner' : null
  const problems = useProblems(order.id, { enabled: side !== null })
  const [reporting, setReporting] = useState(false)
  const [sent, setSent] = useState(false)
  const open = problemReportsOpen(order, new Date(useClock().now()))
  if (side === null || (!open && !problems.data?.length)) return null
  return (
    <Card compact className="stack problem-card" aria-labelledby="problem-card-heading">
      <h2 id="problem-card-heading" className="kicker">
        Problems
      </h2>
      {problems.data && problems.data.length > 0 && (
        <ul className="stack problem-list" aria-label="Reported problems">
          {problems.data.map((problem) => (
            <ProblemLine key={problem.id} problem={problem} />
          ))}
        </ul>
      )}
      {sent && !reporting && <p role="status">Thanks. Kirana support will look into it, and the other party has been told.</p>}
      {reporting ? (
        <ProblemForm
          order={order}
          side={side}
          onSent={() => {
            setReporting(false)
            setSent(true)
          }}
          onCancel={() => setReporting(false)}
        />
      ) : (
        open && (
          <Button
            type="button"
            size="small"
            onClick={() => {
              setSent(false)
              setReporting(true)
            }}
          >
            Report a problem
          </Button>
        )
      )}
    </Card>
  )
}
