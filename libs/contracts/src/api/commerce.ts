// API contracts of the commerce service (request/response schemas).
export {};
