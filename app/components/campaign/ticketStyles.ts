// Spec 1 'Home': cards come in 8 ticket styles, cycled by their index in the grid.
export const TICKET_STYLES = [
  'from-emerald-500/25 to-teal-500/5 border-emerald-500/40',
  'from-sky-500/25 to-indigo-500/5 border-sky-500/40',
  'from-amber-400/25 to-orange-500/5 border-amber-400/40',
  'from-fuchsia-500/25 to-pink-500/5 border-fuchsia-500/40',
  'from-lime-400/25 to-emerald-500/5 border-lime-400/40',
  'from-violet-500/25 to-purple-500/5 border-violet-500/40',
  'from-rose-500/25 to-red-500/5 border-rose-500/40',
  'from-cyan-400/25 to-blue-500/5 border-cyan-400/40',
] as const;

export function ticketStyle(index: number): string {
  return TICKET_STYLES[((index % TICKET_STYLES.length) + TICKET_STYLES.length) % TICKET_STYLES.length];
}
