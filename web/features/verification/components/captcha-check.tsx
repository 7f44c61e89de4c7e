import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { VerificationClientConfig } from '../../../../modules/verification/contract'
import { Spinner } from '../../../ui/loading-screen'
import { useToast } from '../../../ui/toast'
import { requestCaptchaPass } from '../api/use-phone-verification'
import { captchaUnavailable } from './captcha-unavailable'
import { RecaptchaBox } from './recaptcha-box'

type CaptchaCheckProps = {
  captcha: VerificationClientConfig['captcha']
  /** The token the server will check, or null while there is none. */
  onTokenChange: (token: string | null) => void
}

/** The fallback's human check: Google reCAPTCHA when the server has a site key, else our own box. */
export function CaptchaCheck({ captcha, onTokenChange }: CaptchaCheckProps) {
  if (captcha.provider === 'recaptcha' && captcha.siteKey) return <RecaptchaBox siteKey={captcha.siteKey} onTokenChange={onTokenChange} />
  return <EmbeddedCaptcha onTokenChange={onTokenChange} />
}

/** Ticking the box asks the server for a single-use pass, which the manual verification spends. */
function EmbeddedCaptcha({ onTokenChange }: Pick<CaptchaCheckProps, 'onTokenChange'>) {
  const { t } = useLingui()
  const { toast } = useToast()
  const [state, setState] = useState<'unticked' | 'checking' | 'passed'>('unticked')

  async function tick(ticked: boolean) {
    if (!ticked) {
      setState('unticked')
      onTokenChange(null)
      return
    }
    setState('checking')
    try {
      const { captchaToken } = await requestCaptchaPass()
      setState('passed')
      onTokenChange(captchaToken)
    } catch (error) {
      console.error('Captcha pass refused:', error)
      setState('unticked')
      toast(captchaUnavailable())
    }
  }

  return (
    <label className="checkbox captcha-check">
      <input type="checkbox" checked={state !== 'unticked'} disabled={state === 'checking'} onChange={(event) => tick(event.target.checked)} />
      <span className="checkbox__text">
        <span className="checkbox__title">
          <Trans>I'm not a robot</Trans>
        </span>
        <span className="checkbox__description">{state === 'passed' ? t`Check passed.` : t`Tick the box to continue.`}</span>
      </span>
      {state === 'checking' && <Spinner label={t`Checking`} />}
    </label>
  )
}
