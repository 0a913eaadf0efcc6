#!/usr/bin/env bash
# Prepares a patched copy of FerretDB 1.24.2's source for the build in scripts/lib.sh (eight patches,
# each explained where it is applied).
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
#
# Third patch: {_id: {$in: [ids]}} (a page of orders by their ids) is pushed down as `_id IN (...)`
# instead of scanning, with the same re-check by the handler.
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

# Third patch (see the top): a helper appended to collection.go, used by Query and Explain.
grep -q '	q += whereClause' "$collection" && grep -q '	orderByClause := prepareOrderByClause(params.Sort)' "$collection" \
  || { echo "FerretDB source changed: the _id \$in pushdown patch no longer applies" >&2; exit 1; }
perl -0pi -e 's/\n\tq \+= whereClause\n/\n\tif whereClause == "" {\n\t\twhereClause, args = kzIDInClause(params.Filter)\n\t}\n\n\tq += whereClause\n/' "$collection"
perl -0pi -e 's/\n\torderByClause := prepareOrderByClause\(params.Sort\)\n/\n\tif whereClause == "" {\n\t\tif whereClause, args = kzIDInClause(params.Filter); whereClause != "" {\n\t\t\tfilterPushdown = true\n\t\t}\n\t}\n\n\torderByClause := prepareOrderByClause(params.Sort)\n/' "$collection"
cat >>"$collection" <<'GO'

// kzIDInClause pushes {_id: {$in: [ids]}} down to SQLite as `_id IN (...)` (Knowledge Zone build
// patch). The handler still applies the whole filter to the documents that come back.
func kzIDInClause(filter *types.Document) (string, []any) {
	if filter.Len() < 1 {
		return "", nil
	}
	v, _ := filter.Get("_id")
	condition, ok := v.(*types.Document)
	if !ok || condition.Len() != 1 {
		return "", nil
	}
	in, _ := condition.Get("$in")
	list, ok := in.(*types.Array)
	if !ok || list.Len() == 0 || list.Len() > 1000 {
		return "", nil
	}
	args := make([]any, 0, list.Len())
	for i := 0; i < list.Len(); i++ {
		item := must.NotFail(list.Get(i))
		switch item.(type) {
		case string, types.ObjectID:
			args = append(args, string(must.NotFail(sjson.MarshalSingleValue(item))))
		default:
			return "", nil
		}
	}
	placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")
	return fmt.Sprintf(` WHERE %s IN (%s)`, metadata.IDColumn, placeholders), args
}
GO
[[ "$(grep -c 'kzIDInClause(params.Filter)' "$collection")" == 2 ]]

# Fourth patch: one writer at a time per database, waiting in Go instead of in SQLite. FerretDB
# keeps up to 100 SQLite connections; concurrent write transactions collide on SQLite's single
# write lock, and the loser sleeps in SQLite's busy handler (in growing steps) even when the lock
# frees a moment later, so concurrent checkouts waited many times longer than their writes took. A
# mutex around every write (fsql.DB.InTransaction and ExecContext; reads stay concurrent, which WAL
# allows) hands the lock over at once.
fsql="$dest/internal/util/fsql/db.go"
perl -0pi -e 's/\t"log\/slog"\n\t"time"\n/\t"log\/slog"\n\t"sync"\n\t"time"\n/; s/\tBatchSize int\n\}/\tBatchSize int\n\n\t\/\/ kzWrites lets one write at a time reach SQLite (Knowledge Zone build patch).\n\tkzWrites sync.Mutex\n}/; s/(func \(db \*DB\) ExecContext\(ctx context.Context, query string, args \.\.\.any\) \(sql.Result, error\) \{\n)/$1\tdb.kzWrites.Lock()\n\tdefer db.kzWrites.Unlock()\n\n/; s/(func \(db \*DB\) InTransaction\(ctx context.Context, f func\(\*Tx\) error\) \(err error\) \{\n)/$1\tdb.kzWrites.Lock()\n\tdefer db.kzWrites.Unlock()\n\n/' "$fsql"
[[ "$(grep -c 'db.kzWrites.Lock()' "$fsql")" == 2 && "$(grep -c '"sync"' "$fsql")" == 1 ]] || { echo "FerretDB source changed: the write serialization patch no longer applies" >&2; exit 1; }

# Fifth patch: resource tracking only in FerretDB's debug builds. Every cursor, iterator and
# connection is registered in a pprof profile (capturing its call stack) and given a finalizer that
# panics if it is collected untracked. The stacks are printed only by debug builds, yet the capture
# ran on every command, a visible share of FerretDB's CPU in a checkout profile. Skipping both in
# release builds saves that, and a missed Untrack can no longer bring the database down.
resource="$dest/internal/util/resource/resource.go"
grep -q '^func Track(obj any, token \*Token) {$' "$resource" && grep -q '^func Untrack(obj any, token \*Token) {$' "$resource" && grep -q 'internal/util/debugbuild"' "$resource" \
  || { echo "FerretDB source changed: the resource tracking patch no longer applies" >&2; exit 1; }
perl -0pi -e 's/\nfunc (Track|Untrack)\(obj any, token \*Token\) \{\n/\nfunc $1(obj any, token *Token) {\n\tif !debugbuild.Enabled {\n\t\treturn \/\/ Knowledge Zone build patch: tracking is for debug builds\n\t}\n\n/g' "$resource"
[[ "$(grep -c 'if !debugbuild.Enabled {' "$resource")" == 2 ]] || { echo "FerretDB source changed: the resource tracking patch did not apply" >&2; exit 1; }

# Sixth patch: MongoDB's single-document atomicity. FerretDB runs update, findAndModify and delete
# as a read, a change computed in Go, then a write by _id, with nothing between them: two clients
# updating one document at the same moment both read the old version and one change is lost ($inc
# undercounts; two conditional updates {_id, state: 'open'} -> 'done' both succeed). MongoDB applies
# each of these atomically per document, and the app is written for that, across any number of app
# processes. One lock per FerretDB process around each of these commands gives the same guarantee;
# reads stay concurrent, and writes were already one at a time (fourth patch).
handler="$dest/internal/handler"
grep -q '	commands map\[string\]\*command$' "$handler/handler.go" || { echo "FerretDB source changed: the atomic write patch no longer applies" >&2; exit 1; }
perl -0pi -e 's/\n\tcommands map\[string\]\*command\n/\n\tcommands map[string]*command\n\n\t\/\/ kzDocumentWrites makes each update, findAndModify and delete atomic (Knowledge Zone build patch).\n\tkzDocumentWrites sync.Mutex\n/' "$handler/handler.go"
for command in Update:msg_update.go FindAndModify:msg_findandmodify.go Delete:msg_delete.go; do
  name="${command%%:*}" file="$handler/${command#*:}"
  perl -0pi -e "s/(\nfunc \(h \*Handler\) Msg$name\(connCtx context.Context, msg \*wire.OpMsg\) \(\*wire.OpMsg, error\) \{\n)/\$1\th.kzDocumentWrites.Lock()\n\tdefer h.kzDocumentWrites.Unlock()\n\n/" "$file"
  [[ "$(grep -c 'h.kzDocumentWrites.Lock()' "$file")" == 1 ]] || { echo "FerretDB source changed: the atomic write patch did not apply to Msg$name" >&2; exit 1; }
done

# Seventh patch: an equality on the first field of an index is answered by that index, as on
# MongoDB. FerretDB hands SQLite only filters on _id (patches two and three), so every other query
# read the whole collection, whatever indexes were declared: a user's orders ({userId}), a list's
# courses ({classCourse}), a login ({email}). For a top-level field that is the first key of one of
# the collection's indexes and a string or ObjectId value, the filter is pushed down as
# `_ferretdb_sjson->"field" = ?`, written exactly as the index's expression so SQLite uses it. As
# with _id, the handler applies the whole filter again to what comes back. Not pushed down: values
# of other types, and fields in dotted paths. The app's indexed fields hold single values, never
# arrays (an array holding the value would match on MongoDB but not here).
grep -q 'columns\[i\] = fmt.Sprintf("%s->%s", DefaultColumn, strings.Join(fields, "->"))' "$dest/internal/backends/sqlite/metadata/registry.go" \
  || { echo "FerretDB source changed: the indexed field pushdown patch no longer applies (index expression)" >&2; exit 1; }
perl -0pi -e 's/\n\tif whereClause == "" \{\n\t\twhereClause, args = kzIDInClause\(params.Filter\)\n\t\}\n/\n\tif whereClause == "" {\n\t\twhereClause, args = kzIDInClause(params.Filter)\n\t}\n\n\tif whereClause == "" {\n\t\twhereClause, args = kzIndexedFieldClause(params.Filter, meta.Settings.Indexes)\n\t}\n/' "$collection"
perl -0pi -e 's/(\n\tif whereClause == "" \{\n\t\tif whereClause, args = kzIDInClause\(params.Filter\); whereClause != "" \{\n\t\t\tfilterPushdown = true\n\t\t\}\n\t\})\n/$1\n\n\tif whereClause == "" {\n\t\tif whereClause, args = kzIndexedFieldClause(params.Filter, meta.Settings.Indexes); whereClause != "" {\n\t\t\tfilterPushdown = true\n\t\t}\n\t}\n/' "$collection"
cat >>"$collection" <<'GO'

// kzIndexedFieldClause pushes {field: value} down to SQLite when field is the first key of one of
// the collection's indexes (Knowledge Zone build patch). The handler still applies the whole filter.
func kzIndexedFieldClause(filter *types.Document, indexes []metadata.IndexInfo) (string, []any) {
	for _, index := range indexes {
		if len(index.Key) == 0 || strings.Contains(index.Key[0].Field, ".") || index.Key[0].Field == "_id" {
			continue
		}
		field := index.Key[0].Field
		v, err := filter.Get(field)
		if err != nil {
			continue
		}
		switch v.(type) {
		case string, types.ObjectID:
			column := fmt.Sprintf("%s->%q", metadata.DefaultColumn, field)
			return fmt.Sprintf(` WHERE %s = ?`, column), []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}
	}
	return "", nil
}
GO
[[ "$(grep -c 'kzIndexedFieldClause(params.Filter, meta.Settings.Indexes)' "$collection")" == 2 ]] || { echo "FerretDB source changed: the indexed field pushdown patch did not apply" >&2; exit 1; }

# Eighth patch: documents holding binary data are read without running encoding/json's scanner
# over every byte. SQLite holds a document as JSON text, a binary field as a base64 string. Reading
# a 850 kB video segment spent about three quarters of FerretDB's CPU in encoding/json: once over
# the whole document to split it into fields, then twice more over the binary's string (a decoder,
# then unquoting) before base64. Now:
# - the top-level document is split into fields by finding each string's end with bytes.IndexByte.
#   Nothing is lost in checking: every field's value is still decoded, and so validated, by its
#   own type's decoder, and anything the splitter does not expect goes to encoding/json as before;
# - a binary field's string of nothing but base64 (what FerretDB writes) is decoded with
#   encoding/base64 directly, exactly as encoding/json would; anything else still goes through
#   encoding/json.
sjson="$dest/internal/handler/sjson"
grep -q '^func (bin \*binaryType) UnmarshalJSONWithSchema(data \[\]byte, sch \*elem) error {$' "$sjson/binary.go" && grep -q '^	"encoding/json"$' "$sjson/binary.go" \
  || { echo "FerretDB source changed: the binary decoding patch no longer applies" >&2; exit 1; }
perl -0pi -e 's/\n\t"encoding\/json"\n/\n\t"encoding\/base64"\n\t"encoding\/json"\n/; s/(\nfunc \(bin \*binaryType\) UnmarshalJSONWithSchema\(data \[\]byte, sch \*elem\) error \{\n\tif bytes.Equal\(data, \[\]byte\("null"\)\) \{\n\t\tpanic\("null data"\)\n\t\}\n)/$1\n\tif b, ok := kzBase64String(data); ok && sch.Subtype != nil {\n\t\tbin.B = b\n\t\tbin.Subtype = *sch.Subtype\n\n\t\treturn nil\n\t}\n/' "$sjson/binary.go"
cat >>"$sjson/binary.go" <<'GO'

// kzBase64String decodes a JSON string holding only base64 as encoding/json would, without running
// its scanner over the string (Knowledge Zone build patch); anything else is left to encoding/json.
func kzBase64String(data []byte) ([]byte, bool) {
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return nil, false
	}

	s := data[1 : len(data)-1]
	if bytes.IndexByte(s, '\\') >= 0 {
		return nil, false
	}

	b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))

	n, err := base64.StdEncoding.Decode(b, s)
	if err != nil {
		return nil, false
	}

	return b[:n], true
}
GO
[[ "$(grep -c 'kzBase64String(data); ok' "$sjson/binary.go")" == 1 && "$(grep -c '"encoding/base64"' "$sjson/binary.go")" == 1 ]] || { echo "FerretDB source changed: the binary decoding patch did not apply" >&2; exit 1; }
perl -0pi -e 's/\n\tvar v map\[string\]json.RawMessage\n\tr := bytes.NewReader\(data\)\n\tdec := json.NewDecoder\(r\)\n\n\terr := dec.Decode\(&v\)\n\tif err != nil \{\n\t\treturn nil, lazyerrors.Error\(err\)\n\t\}\n\n\tif err = checkConsumed\(dec, r\); err != nil \{\n\t\treturn nil, lazyerrors.Error\(err\)\n\t\}\n/\n\tv, ok := kzObjectMembers(data)\n\tr := bytes.NewReader(data)\n\tdec := json.NewDecoder(r)\n\n\tif !ok {\n\t\terr := dec.Decode(&v)\n\t\tif err != nil {\n\t\t\treturn nil, lazyerrors.Error(err)\n\t\t}\n\n\t\tif err = checkConsumed(dec, r); err != nil {\n\t\t\treturn nil, lazyerrors.Error(err)\n\t\t}\n\t}\n/' "$sjson/sjson.go"
cat >>"$sjson/sjson.go" <<'GO'

// kzObjectMembers splits a JSON object into its members as encoding/json would decode it into
// map[string]json.RawMessage, but finds the end of each string with bytes.IndexByte instead of
// running encoding/json's scanner over every byte (Knowledge Zone build patch). It does not
// validate the members' values: each is decoded, and so checked, by its own type's decoder
// afterwards. ok is false for anything unexpected; the caller then uses encoding/json.
func kzObjectMembers(data []byte) (members map[string]json.RawMessage, ok bool) {
	i := kzSkipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, false
	}

	members = map[string]json.RawMessage{}

	i = kzSkipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return members, kzSkipSpace(data, i+1) == len(data)
	}

	for {
		end := kzValueEnd(data, i)
		if end < 0 || data[i] != '"' {
			return nil, false
		}

		key, ok := kzKey(data[i:end])
		if !ok {
			return nil, false
		}

		i = kzSkipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return nil, false
		}

		i = kzSkipSpace(data, i+1)

		if end = kzValueEnd(data, i); end < 0 {
			return nil, false
		}

		members[key] = data[i:end]

		i = kzSkipSpace(data, end)
		if i >= len(data) {
			return nil, false
		}

		switch data[i] {
		case ',':
			i = kzSkipSpace(data, i+1)
		case '}':
			return members, kzSkipSpace(data, i+1) == len(data)
		default:
			return nil, false
		}
	}
}

// kzKey is a member's name: quoted JSON text without escapes or control or non-ASCII bytes is the
// name as is; anything else is unquoted by encoding/json.
func kzKey(quoted []byte) (string, bool) {
	plain := true

	for _, c := range quoted[1 : len(quoted)-1] {
		if c == '\\' || c < 0x20 || c >= 0x80 {
			plain = false
			break
		}
	}

	if plain {
		return string(quoted[1 : len(quoted)-1]), true
	}

	var key string
	if err := json.Unmarshal(quoted, &key); err != nil {
		return "", false
	}

	return key, true
}

func kzSkipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}

	return i
}

// kzValueEnd is the index just past the JSON value starting at data[i], or -1.
func kzValueEnd(data []byte, i int) int {
	if i >= len(data) {
		return -1
	}

	switch data[i] {
	case '"':
		return kzStringEnd(data, i)
	case '{', '[':
		depth := 0

		for i < len(data) {
			switch data[i] {
			case '"':
				if i = kzStringEnd(data, i); i < 0 {
					return -1
				}

				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}

			i++
		}

		return -1
	default:
		start := i

		for i < len(data) && data[i] != ',' && data[i] != '}' && data[i] != ']' && data[i] != ' ' && data[i] != '\t' && data[i] != '\n' && data[i] != '\r' {
			i++
		}

		if i == start {
			return -1
		}

		return i
	}
}

// kzStringEnd is the index just past the JSON string whose opening quote is at data[i], or -1:
// its closing quote is the first one not escaped, that is not after an odd run of backslashes.
func kzStringEnd(data []byte, i int) int {
	for j := i + 1; ; {
		q := bytes.IndexByte(data[j:], '"')
		if q < 0 {
			return -1
		}

		j += q

		backslashes := 0
		for k := j - 1; k > i && data[k] == '\\'; k-- {
			backslashes++
		}

		if backslashes%2 == 0 {
			return j + 1
		}

		j++
	}
}
GO
[[ "$(grep -c 'v, ok := kzObjectMembers(data)' "$sjson/sjson.go")" == 1 ]] || { echo "FerretDB source changed: the document splitting patch did not apply" >&2; exit 1; }
