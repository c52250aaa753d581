const spelled = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A day as purchase names and receipts write it, "March 1, 2032": words a reader in any country
 * reads the same way (2027-03-01 and 03/01/2027 are not). The API's date fields stay ISO.
 */
export const spelledDay = (iso: string): string => spelled.format(new Date(iso));
