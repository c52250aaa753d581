// API contracts of the documents service (request/response schemas).
export {};
