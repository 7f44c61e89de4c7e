import { act } from '@testing-library/react'

/** Lets every promise already under way settle (one turn of the event loop), so a test can say what did not follow. */
export const settled = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
