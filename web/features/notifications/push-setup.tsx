import { usePushSetup } from './use-push-setup'

/** The push set-up as a component, so the shell can load it only for someone it applies to. */
export function PushSetup() {
  usePushSetup()
  return null
}
