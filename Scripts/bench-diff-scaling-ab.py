#!/usr/bin/env python3
"""A/B of navdom-bench binaries on `diff-scaling`, in absolute times as well as ratios.

For each operation, REPS repetitions (the binaries' order alternating) of each binary's
`diff-scaling --operation OP --rounds 3`; every round is kept. Prints per binary and operation:
the median 1,000-row time, the median and fastest 10,000-row time, the median warm ratio, and
the fastest 10,000-row time and median ratio after evicting the caches. On this shared VM the
pace changes from second to second: the fastest 10,000-row time is what the code costs, and a
ratio alone can fall because the small diff got slower.

    cp Benchmarks/.build/release/navdom-bench /tmp/navdom-bench-before   # change, rebuild
    Scripts/bench-diff-scaling-ab.py /tmp/navdom-bench-before Benchmarks/.build/release/navdom-bench
    REPS=6 OPS=unchanged,removeOne EXTRA=--in-process Scripts/bench-diff-scaling-ab.py A B
"""
import json
import os
import statistics
import subprocess
import sys

OPERATIONS = "unchanged,swapRows,removeOne,updateEveryTenth,select,moveLastToFirst,appendThousand,clear,replaceAll"


def main():
    binaries = sys.argv[1:]
    if len(binaries) < 2:
        sys.exit("usage: Scripts/bench-diff-scaling-ab.py BINARY_A BINARY_B [BINARY_C …]")
    operations = os.environ.get("OPS", OPERATIONS).split(",")
    repetitions = int(os.environ.get("REPS", "6"))
    extra = os.environ.get("EXTRA", "").split()
    rounds = {}  # (binary, operation) -> list of round records
    for repetition in range(repetitions):
        order = binaries if repetition % 2 == 0 else binaries[::-1]
        for operation in operations:
            for binary in order:
                command = [binary, "diff-scaling", "--operation", operation, "--rounds", "3"] + extra
                output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
                for line in output.splitlines():
                    record = json.loads(line)
                    if record["bench"] == "diff-scaling":
                        rounds.setdefault((binary, operation), []).append(record)
    for operation in operations:
        print(operation)
        for binary in binaries:
            records = rounds[(binary, operation)]
            small = statistics.median(r["ms_per_diff"][0] for r in records)
            large = [r["ms_per_diff"][1] for r in records]
            ratio = statistics.median(r["ratio"] for r in records)
            cold_large = min(r["ms_per_diff_cold"][1] for r in records)
            cold_ratio = statistics.median(r["ratio_cold"] for r in records)
            print(
                f"  {binary}: 1k median {small:.4f} ms; 10k median {statistics.median(large):.3f}, "
                f"fastest {min(large):.3f} ms; ratio median {ratio:.2f}; cold 10k fastest "
                f"{cold_large:.3f} ms, ratio median {cold_ratio:.2f} ({len(records)} rounds)"
            )


if __name__ == "__main__":
    main()
