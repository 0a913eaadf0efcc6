#!/usr/bin/env bash
# Starts only the embedded FerretDB on 127.0.0.1:${KZ_DB_PORT:-27017} in the foreground (for `next dev`).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bin="$(ferretdb_binary)"
mkdir -p "$DATA_DIR/db"
log "FerretDB on 127.0.0.1:${KZ_DB_PORT:-27017}; use MONGODB_URI=mongodb://127.0.0.1:${KZ_DB_PORT:-27017}/knowledgezone"
exec "$bin" -listen "127.0.0.1:${KZ_DB_PORT:-27017}" -dir "$DATA_DIR/db"
