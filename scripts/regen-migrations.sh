#!/usr/bin/env bash
# Until the first release, the schema has one migration, regenerated from the whole Drizzle
# schema. Several people may run this at once: the lock makes them take turns.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/gatehouse-migrations.lock
flock 9
rm -rf server/db/migrations
npx drizzle-kit generate --name init
