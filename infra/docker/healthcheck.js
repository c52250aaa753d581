// Container HEALTHCHECK: the service's readiness endpoint answers 200 (no shell in the image).
const port = process.env.PORT || 8080;
fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(2500) })
  .then((res) => process.exit(res.ok ? 0 : 1))
  .catch(() => process.exit(1));
