const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
const dayAndTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

/** When something happened or will: '3:42 PM' on the day of `now`, 'Jan 5, 3:42 PM' on any other. */
export function formatMoment(iso: string, now: number): string {
  const moment = new Date(iso)
  return moment.toDateString() === new Date(now).toDateString() ? timeOfDay.format(moment) : dayAndTime.format(moment)
}
