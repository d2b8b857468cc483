#!/usr/bin/env bash
# Fuzzes the pure HTTP request parser and path decoder with libFuzzer for a bounded time.
#
#   Scripts/fuzz-request-parser.sh              # 60 s
#   FUZZ_SECONDS=600 Scripts/fuzz-request-parser.sh
#
# Crashing inputs land in .build-fuzz/artifacts/; turn each into a regression test in
# Tests/StaticServeTests/FuzzRegressionTests.swift.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
out=.build-fuzz
mkdir -p "$out/corpus" "$out/artifacts"

sources=(
  Sources/StaticServe/HTTPRequestParser.swift
  Sources/StaticServe/HTTPRequest.swift
  Sources/StaticServe/HTTPHeaders.swift
  Sources/StaticServe/HTTPMethod.swift
  Sources/StaticServe/HTTPVersion.swift
  Sources/StaticServe/HTTPStatus.swift
  Sources/StaticServe/RequestLimits.swift
  Sources/StaticServe/RequestPath.swift
)

swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name RequestParserFuzz \
  Scripts/fuzz/RequestParserFuzz.swift "${sources[@]}" \
  -o "$out/request-parser-fuzz"

"$out/request-parser-fuzz" \
  -max_total_time="$seconds" -max_len=1024 -timeout=5 -print_final_stats=1 \
  -artifact_prefix="$out/artifacts/" \
  "$out/corpus" Scripts/fuzz/seeds
