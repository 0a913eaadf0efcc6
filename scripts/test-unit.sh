#!/usr/bin/env bash
# Unit and integration tests (jest); the global setup starts a fresh FerretDB for the run.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
ensure_node_modules
ferretdb_binary >/dev/null
ensure_ffmpeg
stripe_mock_binary >/dev/null
npx jest --runInBand "$@"
