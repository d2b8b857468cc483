#!/usr/bin/env bash
# Fails on an API break since the last released version that CHANGELOG.md does not announce.
#
#   Scripts/check-api-breaks.sh
#
# The baseline is .api-baseline's commit (a tag may be missing from CI's clone; the commit is in
# main's history). `swift package diagnose-api-breaking-changes` (the toolchain's API digester)
# builds the baseline in a folder of its own, kept in .build/api-baseline between runs, and lists
# each break; Scripts/check-api-breaks.py then looks for every broken symbol, its type or its
# module in backquotes under a "### Breaking" heading of CHANGELOG.md (a moved type is announced
# by naming it there). Prints what it compared and each unannounced break.
set -euo pipefail
cd "$(dirname "$0")/.."

read -r tag commit < <(grep -v '^#' .api-baseline)
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
  echo "check-api-breaks: the baseline $tag ($commit) is not in this clone's history; fetch it (git fetch --unshallow)" >&2
  exit 1
fi
report=$(mktemp)
trap 'rm -f "$report"' EXIT
echo "== API of this tree against $tag ($commit)"
# The digester exits non-zero when it finds any break; the announcements decide.
swift package diagnose-api-breaking-changes "$commit" --baseline-dir .build/api-baseline >"$report" 2>&1 || true
if ! grep -q "breaking change" "$report"; then
  cat "$report" >&2
  echo "check-api-breaks: the API digester did not compare the modules (its output is above)" >&2
  exit 1
fi
python3 Scripts/check-api-breaks.py "$report" CHANGELOG.md
