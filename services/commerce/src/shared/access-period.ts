/** A purchase gives access for one year from payment (a calendar year, in UTC). */
export const addOneYear = (from: Date) => {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
};
