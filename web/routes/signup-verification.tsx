import { useState } from 'react'
import { StateFallback } from '../app/app-shell'
import { AuthLayout } from '../features/accounts/components/auth-layout'
import { useCurrentUser } from '../lib/current-user'
import { AccountForm } from './signup-verification/account-form'
import { ChangePhoneForm } from './signup-verification/change-phone-form'
import { type CodeSend, type PendingAccount, pendingAccountOf } from './signup-verification/pending-account'
import { VerifyPhoneStep } from './signup-verification/verify-phone-step'

/** /signup-verification (spec 000 §2): create an account, then prove its phone with a texted code. */
export function SignupVerificationPage() {
  const user = useCurrentUser().data?.user ?? null
  const [account, setAccount] = useState<PendingAccount | null>(() => pendingAccountOf(user))
  const [step, setStep] = useState<'details' | 'verify'>(account ? 'verify' : 'details')
  const [lastSend, setLastSend] = useState<CodeSend | null>(null)
  // The new account is signed in before its request resolves; until then the form stays.
  const [creating, setCreating] = useState(false)

  // Anyone else signed in has nothing to sign up for: their own screen is the route table's.
  if (user && !account && !creating) return <StateFallback />

  const goVerify = (next: PendingAccount) => {
    setAccount(next)
    setStep('verify')
  }

  return (
    <AuthLayout>
      {step === 'verify' && account ? (
        <VerifyPhoneStep account={account} lastSend={lastSend} onSent={setLastSend} onBack={() => setStep('details')} />
      ) : account ? (
        <ChangePhoneForm phone={account.phone} onChanged={(phone) => goVerify({ ...account, phone })} />
      ) : (
        <AccountForm onCreating={setCreating} onCreated={goVerify} />
      )}
    </AuthLayout>
  )
}
