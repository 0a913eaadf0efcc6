#!/usr/bin/env bash
# Prepares a patched copy of FerretDB 1.24.2's source for the build in scripts/lib.sh.
#
# Why: FerretDB's SQLite backend creates the unique _id index on `_ferretdb_sjson->"_id"` but
# queries `_ferretdb_sjson->'$._id'`; SQLite cannot see that these are the same expression, so every
# lookup by _id scans the whole table (EXPLAIN QUERY PLAN: SCAN). Writing the query side the way
# the index is written lets SQLite use the index (SEARCH). One line changes; nothing is vendored:
# the source comes from the Go module proxy at build time.
set -euo pipefail
dest="$1"
src="$(cd "$(dirname "$0")" && GOFLAGS=-mod=mod go mod download -json github.com/FerretDB/FerretDB | sed -n 's/^\s*"Dir": "\(.*\)",$/\1/p')"
[[ -d "$src" ]] || { echo "FerretDB source not found in the Go module cache" >&2; exit 1; }
rm -rf "$dest"
cp -R "$src" "$dest"
chmod -R u+w "$dest"
file="$dest/internal/backends/sqlite/metadata/metadata.go"
grep -q "IDColumn = DefaultColumn + \"->'\$._id'\"" "$file" || { echo "FerretDB source changed: the _id column patch no longer applies" >&2; exit 1; }
sed -i "s|IDColumn = DefaultColumn + \"->'\$._id'\"|IDColumn = DefaultColumn + \"->'_id'\"|" "$file"
grep -q "IDColumn = DefaultColumn + \"->'_id'\"" "$file"
