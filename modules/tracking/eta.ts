import type { Coordinates } from '../shared/index'
import type { Eta } from './contract'
import { storeMinutes } from './contract'
import type { DriveRouter } from './drive-router'

/** What an order's ETA is made from: where it stands, the lines still to find, the store, the home, and the runner's last point if any. */
export type EtaInput = {
  status: 'runner_accepted' | 'picked_up'
  unpickedLines: number
  store: Coordinates
  home: Coordinates
  /** The runner's last kept point; without one, the runner is taken to be at the store. */
  runner: Coordinates | null
}

/**
 * When the order should arrive, from `now`. Before pick-up: the drive to the store, the lines left
 * to find, the till, and the drive home; after pick-up: the drive home from where the runner is.
 */
export async function etaOf(router: DriveRouter, input: EtaInput, now: Date): Promise<Eta> {
  const from = input.runner ?? input.store
  let seconds: number
  if (input.status === 'picked_up') {
    seconds = await router.driveSeconds(from, input.home)
  } else {
    const [toStore, toHome] = await Promise.all([input.runner ? router.driveSeconds(from, input.store) : 0, router.driveSeconds(input.store, input.home)])
    seconds = toStore + storeMinutes(input.unpickedLines) * 60 + toHome
  }
  const minutes = Math.ceil(seconds / 60)
  return { minutes, at: new Date(now.getTime() + minutes * 60_000).toISOString() }
}
