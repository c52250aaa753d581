#!/bin/sh
# docker-compose only: one database, and per service a role owning a schema of its name.
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" <<SQL
CREATE DATABASE cti;
SQL
for svc in identity questionnaire scoring documents commerce audit notifications; do
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname cti <<SQL
CREATE ROLE $svc WITH LOGIN PASSWORD '$svc';
GRANT CONNECT ON DATABASE cti TO $svc;
CREATE SCHEMA $svc AUTHORIZATION $svc;
SQL
done
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname cti -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC;"
