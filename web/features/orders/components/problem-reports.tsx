import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import type { Order } from '../../../../modules/orders/contract'
import { PHOTO_CONTENT_TYPES } from '../../../../modules/shared/contract'
import {
  newProblemSchema,
  PROBLEM_DETAILS_MAX_LENGTH,
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
import { PROBLEM_KIND_WORDS } from '../order-words'

function ProblemForm({ order, side, onSent, onCancel }: { order: Order; side: 'buyer' | 'runner'; onSent: () => void; onCancel: () => void }) {
  const form = useValidatedForm<{ kind: ProblemKind | ''; details: string; photo: File | null }>({ kind: '', details: '', photo: null })
  const { values, errors, setValue } = form
  const [shrinking, setShrinking] = useState(false)
  const report = useReportProblem(order.id)
  const ids = { kind: useId(), details: useId(), photo: useId() }
  const { t, i18n } = useLingui()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = form.validate(newProblemSchema, { kind: values.kind || undefined, details: values.details })
    if (!problem) return
    setShrinking(values.photo !== null)
    report.mutate({ problem, photo: values.photo, onShrunk: () => setShrinking(false) }, { onSuccess: onSent, onSettled: () => setShrinking(false) })
  }

  return (
    <form ref={form.formRef} className="stack" onSubmit={submit} noValidate aria-label={t`Report a problem`}>
      <div className={`field${errors.kind ? ' field--invalid' : ''}`}>
        <label htmlFor={ids.kind}>
          <Trans>What went wrong?</Trans>
        </label>
        <select id={ids.kind} value={values.kind} onChange={(event) => setValue('kind', event.target.value as ProblemKind)} aria-invalid={Boolean(errors.kind)}>
          <option value="">{t`Choose one`}</option>
          {PROBLEM_KINDS_BY_SIDE[side].map((value) => (
            <option key={value} value={value}>
              {i18n._(PROBLEM_KIND_WORDS[value])}
            </option>
          ))}
        </select>
        {errors.kind && <FieldError>{errors.kind}</FieldError>}
      </div>
      <div className={`field${errors.details ? ' field--invalid' : ''}`}>
        <label htmlFor={ids.details}>
          <Trans>Details</Trans>
        </label>
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
        <label htmlFor={ids.photo}>
          <Trans>Photo (optional)</Trans>
        </label>
        <input id={ids.photo} type="file" accept={PHOTO_CONTENT_TYPES.join(',')} onChange={(event) => setValue('photo', event.target.files?.[0] ?? null)} />
      </div>
      {report.error && <FieldError>{report.error instanceof ApiError ? report.error.userMessage : report.error.message}</FieldError>}
      <div className="problem-form__actions">
        <Button type="submit" variant="primary" disabled={report.isPending}>
          {shrinking ? t`Preparing photo...` : report.isPending ? t`Sending...` : t`Send Report`}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}

function ProblemLine({ problem }: { problem: Problem }) {
  const { t, i18n } = useLingui()
  const { resolution } = problem
  const refunded = problem.refund?.amount
  const when = <time dateTime={problem.createdAt}>{formatOrderDate(problem.createdAt)}</time>
  return (
    <li className="stack stack--tight problem-line">
      <p className="problem-line__head">
        <strong>{i18n._(PROBLEM_KIND_WORDS[problem.kind])}</strong>
        <span className={`problem-line__status problem-line__status--${problem.status}`}>
          {problem.status === 'open' ? t({ comment: 'A problem report still open', message: 'Open' }) : t`Resolved`}
        </span>
      </p>
      <p className="meta meta--small">
        {problem.reportedBy === 'buyer' ? <Trans>Reported by the buyer · {when}</Trans> : <Trans>Reported by the runner · {when}</Trans>}
      </p>
      <p className="problem-line__details">{problem.details}</p>
      {problem.photoUrl && (
        <a className="text-link" href={problem.photoUrl} target="_blank" rel="noreferrer">
          <Trans>View photo</Trans>
        </a>
      )}
      {resolution && (
        <p className="problem-line__resolution">
          <Trans>Support: {resolution}</Trans>
        </p>
      )}
      {refunded && (
        <p className="problem-line__refund">
          <Trans>Refunded ${refunded} to the card</Trans>
        </p>
      )}
    </li>
  )
}

/** The order's problem reports with their status, and 'Report a problem' while reports are open; for its buyer and runner. */
export function ProblemReports({ order, viewerId }: { order: Order; viewerId: string | undefined }) {
  const side = viewerId === order.buyerId ? 'buyer' : viewerId !== undefined && viewerId === order.runnerId ? 'runner' : null
  const problems = useProblems(order.id, { enabled: side !== null })
  const [reporting, setReporting] = useState(false)
  const [sent, setSent] = useState(false)
  const { t } = useLingui()
  const open = problemReportsOpen(order, new Date(useClock().now()))
  if (side === null || (!open && !problems.data?.length)) return null
  return (
    <Card compact className="stack problem-card" aria-labelledby="problem-card-heading">
      <h2 id="problem-card-heading" className="kicker">
        <Trans>Problems</Trans>
      </h2>
      {problems.data && problems.data.length > 0 && (
        <ul className="stack problem-list" aria-label={t`Reported problems`}>
          {problems.data.map((problem) => (
            <ProblemLine key={problem.id} problem={problem} />
          ))}
        </ul>
      )}
      {sent && !reporting && (
        <p role="status">
          <Trans>Thanks. Kirana support will look into it, and the other party has been told.</Trans>
        </p>
      )}
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
            <Trans>Report a problem</Trans>
          </Button>
        )
      )}
    </Card>
  )
}
