import { useEffect, useRef } from 'react'
import { useToast } from '../../../ui/toast'
import { captchaUnavailable } from './captcha-unavailable'

type Grecaptcha = {
  ready(callback: () => void): void
  render(container: HTMLElement, options: Record<string, unknown>): number
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha
  }
}

let loading: Promise<Grecaptcha> | null = null

/** Google's script is fetched only when the fallback needs it, and once per page. */
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit'
    script.async = true
    script.onload = () => window.grecaptcha!.ready(() => resolve(window.grecaptcha!))
    script.onerror = () => {
      loading = null
      script.remove()
      reject(new Error('reCAPTCHA did not load'))
    }
    document.head.append(script)
  })
  return loading
}

/** The reCAPTCHA v2 checkbox; its token is what the server verifies with Google. */
export function RecaptchaBox({ siteKey, onTokenChange }: { siteKey: string; onTokenChange: (token: string | null) => void }) {
  const box = useRef<HTMLDivElement>(null)
  const tokenChange = useRef(onTokenChange)
  tokenChange.current = onTokenChange
  const { toast } = useToast()

  useEffect(() => {
    // A fresh holder each time: reCAPTCHA refuses to render twice into one element.
    const holder = document.createElement('div')
    box.current?.append(holder)
    let cancelled = false
    loadRecaptcha()
      .then((grecaptcha) => {
        if (cancelled) return
        grecaptcha.render(holder, {
          sitekey: siteKey,
          callback: (token: string) => tokenChange.current(token),
          'expired-callback': () => tokenChange.current(null),
          'error-callback': () => {
            tokenChange.current(null)
            toast(captchaUnavailable())
          },
        })
      })
      .catch(() => {
        if (!cancelled) toast(captchaUnavailable())
      })
    return () => {
      cancelled = true
      holder.remove()
    }
  }, [siteKey, toast])

  return <div ref={box} className="captcha-check captcha-check--recaptcha" />
}
