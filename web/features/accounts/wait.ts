/** The redirect delays of spec 000 §9 are waits between a message and the next screen. */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
