/** The parts of an OpenAPI 3 document the kit completes. */
interface OpenApiDocument {
  paths?: Record<string, Record<string, { operationId?: string } & Record<string, unknown>>>;
  [key: string]: unknown;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/**
 * `get` `/api/group/index/{groupId}/scores` → `getGroupIndexByGroupIdScores`: a stable name for
 * generated clients, from the method and the path (`api` left out, parameters as `By<Name>`).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const word = (param ? `by-${param[1]}` : segment).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) =>
        (c ?? '').toUpperCase(),
      );
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** Gives every operation of an OpenAPI document without one an operation id (unique in the document, by method and path). */
export function giveOperationIds(openapi: object): void {
  const document = openapi as OpenApiDocument;
  const taken = new Set<string>();
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
  for (const { operation } of operations) if (operation.operationId) taken.add(operation.operationId);
  /** Operations named here: a route of several methods shares one operation object among them. */
  const named = new Set<object>();
  for (const { path, method, operation } of operations) {
    if (operation.operationId && !named.has(operation)) continue;
    const base = operationIdOf(method, path);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
    taken.add(id);
    if (named.has(operation)) {
      // the same object already named for another method: this method gets its own copy and name
      document.paths![path][method] = { ...operation, operationId: id };
    } else {
      operation.operationId = id;
      named.add(operation);
    }
  }
}
