// How a ticket number is shown. Its own zod-free module: the customer app's first screen (the
// offline screen's last ticket) imports it, and a module with schemas would bring zod along.

/** A ticket number as the shop's screen, the kiosk and the SMS show it: 7 is "007". */
export function ticketLabel(ticket: number): string {
  return String(ticket).padStart(3, '0');
}
