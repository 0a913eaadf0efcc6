// Tests of the eighth patch in ../patch-source.sh, copied into FerretDB's sjson package and run
// there by ../patches.test.ts: the fast paths take what FerretDB writes and read it exactly as
// encoding/json does, and refuse what they do not expect.

package sjson

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

func kzBytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*151 + 7)
	}

	return b
}

// kzMembersByEncodingJSON splits data as Unmarshal did before the patch.
func kzMembersByEncodingJSON(t *testing.T, data []byte) map[string]json.RawMessage {
	var v map[string]json.RawMessage
	require.NoError(t, json.NewDecoder(bytes.NewReader(data)).Decode(&v))

	return v
}

// FerretDB writes field names unescaped, so it cannot store one with quotes, backslashes or
// control characters (the splitter then leaves the document to encoding/json, which fails as before).
var kzStorableName = strings.NewReplacer(`"`, "", `\`, "", "\n", "", "\t", "")

func TestKzFastPathsReadWhatFerretDBWrites(t *testing.T) {
	t.Parallel()

	texts := []string{"", "plain", `a "quoted" word`, `ends in a backslash \`, `\"`, `\\"}{][,:`, "line\nbreak\ttab", "ক্লাস নাইন ৳১,২০০", "😀", `{"looks":"like JSON"}`}

	for _, size := range []int{0, 1, 2, 3, 4, 5, 1000, 850_001} {
		doc := must.NotFail(types.NewDocument(
			"_id", "segment", "contentType", "video/mp2t", "data", types.Binary{B: kzBytes(size), Subtype: types.BinaryGeneric},
		))
		data := must.NotFail(Marshal(doc))

		members, ok := kzObjectMembers(data)
		require.True(t, ok, "size %d", size)
		assert.Equal(t, kzMembersByEncodingJSON(t, data), members)

		decoded, ok := kzBase64String(members["data"])
		require.True(t, ok, "size %d", size)
		assert.Equal(t, kzBytes(size), decoded)

		assert.Equal(t, doc, must.NotFail(Unmarshal(data)))
	}

	for _, text := range texts {
		nested := must.NotFail(types.NewDocument("text", text, "n", int32(1)))
		doc := must.NotFail(types.NewDocument(
			"_id", text, "text", text, "nested", nested, "list", must.NotFail(types.NewArray(text, nested, 2.5)),
			"key "+kzStorableName.Replace(text), int64(-3), "null", types.Null, "yes", true,
			"md5", types.Binary{B: kzBytes(16), Subtype: types.BinaryMD5},
		))
		data := must.NotFail(Marshal(doc))

		members, ok := kzObjectMembers(data)
		require.True(t, ok, "text %q", text)
		assert.Equal(t, kzMembersByEncodingJSON(t, data), members)
		assert.Equal(t, doc, must.NotFail(Unmarshal(data)))
	}
}

func TestKzFastPathsRefuseWhatTheyDoNotExpect(t *testing.T) {
	t.Parallel()

	for _, data := range []string{``, ` `, `[]`, `"a"`, `{`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a" 1}`, `{"a":1 "b":2}`, `{"a":"x}`, `{"a":{"b":1}`, `{"a":1} x`, `{a:1}`} {
		_, ok := kzObjectMembers([]byte(data))
		assert.False(t, ok, "%s", data)
	}

	_, err := Unmarshal([]byte(`{"$s":{"p":{"a":{"t":"string"}},"$k":["a"]},"a":"x\u0001"}`))
	assert.NoError(t, err, "an escaped control character is still read by encoding/json")

	_, err = Unmarshal([]byte(`{"$s":{"p":{"a":{"t":"string"}},"$k":["a"]},"a":tru}`))
	assert.Error(t, err, "a member the splitter passes is still checked by its type's decoder")

	for _, data := range []string{`""x`, `"YQ=="x`, `"YQ"`, `"Y\/Q="`, `"a b"`, `null`, "\""} {
		_, ok := kzBase64String([]byte(data))
		assert.False(t, ok, "%s", data)
	}
}
