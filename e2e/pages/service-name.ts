// A service's checkbox is named by its title and then what follows it (the price, or the minutes
// and price on the staff console): "Haircut 39,00 €", "Haircut 25 min · €". Matching the whole
// title keeps "Haircut" from also matching "Haircut and beard".
export function serviceName(title: string): RegExp {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped} (\\S*\\d|kr)`);
}
