// API contracts of the questionnaire service (request/response schemas).
export {};
