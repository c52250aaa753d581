/** Each country's rows of the historical data, in the order they come (a country's rows are oldest first). */
export function historiesOf<R extends { GroupId: string }>(rows: readonly R[]): R[][] {
  const byCountry = new Map<string, R[]>();
  for (const r of rows) byCountry.set(r.GroupId, [...(byCountry.get(r.GroupId) ?? []), r]);
  return [...byCountry.values()];
}
