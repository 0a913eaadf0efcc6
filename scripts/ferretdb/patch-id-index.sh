#!/usr/bin/env bash
# Prepares a patched copy of FerretDB 1.24.2's source for the build in scripts/lib.sh.
#
# Why: FerretDB's SQLite backend creates the unique _id index on `_ferretdb_sjson->"_id"` but
# queries `_ferretdb_sjson->'$._id'`; SQLite cannot see that these are the same expression, so every
# lookup by _id scans the whole table (EXPLAIN QUERY PLAN: SCAN). Writing the query side the way
# the index is written lets SQLite use the index (SEARCH). One line changes; nothing is vendored:
# the source comes from the Go module proxy at build time.
#
# Second patch, same reason: the backend pushes `_id = ?` down to SQLite only when the filter is
# exactly {_id: value}. A guarded write such as updateOne({_id, version}) or deleteOne({_id, paid:
# false}) therefore scanned the whole collection (0.4 s per ledger update at 20,000 users). Every
# handler (find, update, delete, findAndModify, count) filters what the backend returns with the
# complete filter again, so pushing down just the `_id` equality whenever the filter has one is
# safe: the backend returns at most that document and the handler still checks the rest.
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

collection="$dest/internal/backends/sqlite/collection.go"
[[ "$(grep -c 'if params.Filter.Len() == 1 {' "$collection")" == 2 ]] || { echo "FerretDB source changed: the _id pushdown patch no longer applies" >&2; exit 1; }
sed -i 's|if params.Filter.Len() == 1 {|if params.Filter.Len() >= 1 {|' "$collection"
[[ "$(grep -c 'if params.Filter.Len() >= 1 {' "$collection")" == 2 ]]
