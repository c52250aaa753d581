// API contracts of the scoring service (request/response schemas).
export {};
