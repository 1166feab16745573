#!/usr/bin/env bash
# Tests the BenchExec tool-info module scripts/benchexec/ara.py against the real benchexec
# package (installed into .tools/benchexec by scripts/setup): BenchExec's own checker
# `python3 -m benchexec.test_tool_info` on ara's version, command lines for SV-COMP task files
# and real ara outputs, then the module's verdict parsing with ara's real exit codes.
# Usage: tests/benchexec_tool_info.sh [ARA_BINARY]   (default target/debug/ara)
# Run by tests/benchexec_tool_info.rs; prints "N passed, 0 failed" at the end.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="${ARA_TOOLS_DIR:-$root/.tools}"
ara="$(cd "$(dirname "${1:-$root/target/debug/ara}")" && pwd)/$(basename "${1:-ara}")"
py="${PYTHON:-python3}"
[ -x "$ara" ] || { echo "no ara binary at $ara (cargo build first)" >&2; exit 1; }

if ! PYTHONPATH="$tools/benchexec" "$py" -c 'import benchexec.test_tool_info' 2>/dev/null; then
  "$root/scripts/setup"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The module as a package on PYTHONPATH (names with a dot are loaded as they are), and a
# tool directory holding the binary.
mkdir -p "$work/pkg/ara_tool" "$work/tooldir"
: > "$work/pkg/ara_tool/__init__.py"
cp "$root/scripts/benchexec/ara.py" "$work/pkg/ara_tool/ara.py"
ln -s "$ara" "$work/tooldir/ara"
export PYTHONPATH="$work/pkg:$tools/benchexec"
export ARA_TOOLS_DIR="$tools"

# Real outputs of ara (stdout and stderr together, as BenchExec records them).
tasks="$root/tests/batch/tasks"
set +e
"$ara" check "$tasks/safe.c" > "$work/safe.out" 2>&1; safe_code=$?
"$ara" check "$tasks/unsafe.c" > "$work/unsafe.out" 2>&1; unsafe_code=$?
"$ara" check "$tasks/float_unsupported.c" > "$work/unsupported.out" 2>&1; unsup_code=$?
"$ara" check "$tasks/safe.c" --json > "$work/safe_json.out" 2>&1
set -e
[ "$safe_code/$unsafe_code/$unsup_code" = "0/10/3" ] || {
  echo "unexpected ara exit codes $safe_code/$unsafe_code/$unsup_code" >&2; exit 1; }

passed=0
failed=0
expect() { # expect DESCRIPTION PATTERN FILE
  if grep -qF -- "$2" "$3"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAILED: $1: no '$2' in $3:" >&2
    cat "$3" >&2
  fi
}

(cd "$root" && "$py" -m benchexec.test_tool_info ara_tool.ara --no-container --tool-directory "$work/tooldir" \
  --task-definition tests/batch/tasks/safe.yml tests/batch/tasks/unsafe.yml \
    tests/batch/tasks/old_format.yml tests/batch/tasks/memsafety.yml \
  --tool-output "$work/safe.out" "$work/unsafe.out" "$work/safe_json.out") \
  > "$work/info.txt" 2>&1 || { cat "$work/info.txt" >&2; exit 1; }
info="$work/info.txt"
expect "name" 'Name of tool: “ara”' "$info"
expect "version from ara --version" 'Version: “0.1.0”' "$info"
expect "ILP32 task command line" "'check', '--error-function', 'reach_error', '--data-model', 'ilp32', '--witness', 'witness.yml', 'tests/batch/tasks/safe.c'" "$info"
expect "LP64 task command line" "'--data-model', 'lp64', '--witness', 'witness.yml', 'tests/batch/tasks/unsafe.c'" "$info"
expect "old error function from the property file" "'--error-function', '__VERIFIER_error'" "$info"
expect "CPU-time limit passed on" "'--timeout', '118'" "$info"
expect "options passed on" "'-SOME_OPTION'" "$info"
expect "memory safety refused" "does not support task from tests/batch/tasks/memsafety.yml" "$info"
grep -A1 "safe.out”" "$info" | grep -v unsafe > "$work/r_safe.txt" || true
grep -A1 "unsafe.out”" "$info" > "$work/r_unsafe.txt" || true
grep -A1 "safe_json.out”" "$info" > "$work/r_json.txt" || true
expect "SAFE output is true" '“true”' "$work/r_safe.txt"
expect "UNSAFE output is false(unreach-call)" '“false(unreach-call)”' "$work/r_unsafe.txt"
expect "JSON output is read too" '“true”' "$work/r_json.txt"
if grep -q "Tool module failed" "$info"; then
  failed=$((failed + 1)); echo "FAILED: the module raised:" >&2; cat "$info" >&2
else
  passed=$((passed + 1))
fi

# determine_result with the exit codes ara really gave (test_tool_info always passes 0).
"$py" - "$work" "$safe_code" "$unsafe_code" "$unsup_code" > "$work/api.txt" 2>&1 <<'EOF' || true
import sys
from benchexec import util
from benchexec.tooladapter import CURRENT_BASETOOL as B
import benchexec.result as result
import ara_tool.ara as ara

work, codes = sys.argv[1], [int(c) for c in sys.argv[2:]]
tool = ara.Tool()

def res(name, code, signal=None):
    lines = open(f"{work}/{name}.out").read().splitlines(keepends=True)
    ec = util.ProcessExitCode.create(value=code) if signal is None else util.ProcessExitCode.create(signal=signal)
    return tool.determine_result(B.Run(["ara"], ec, B.RunOutput(lines), None))

T, F, O = result.RESULT_CLASS_TRUE, result.RESULT_CLASS_FALSE, result.RESULT_CLASS_OTHER
checks = [
    ("safe", res("safe", codes[0]), result.RESULT_TRUE_PROP, T),
    ("unsafe", res("unsafe", codes[1]), result.RESULT_FALSE_REACH, F),
    ("unsupported", res("unsupported", codes[2]), "ERROR (unsupported)", O),
    ("killed", res("unsupported", 0, signal=9), "ERROR (signal 9)", O),
    ("inconsistent", res("safe", 10), "ERROR (verdict SAFE but exit code 10)", O),
]
for name, got, want, cls in checks:
    # BenchExec must also classify the status as we mean it (true / false / other).
    ok = got == want and result.get_result_classification(got) == cls
    print(("ok" if ok else "MISMATCH"), name, repr(got), repr(want), cls)
EOF
while read -r status rest; do
  if [ "$status" = ok ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $status $rest" >&2; fi
done < "$work/api.txt"
grep -q "^ok inconsistent" "$work/api.txt" || { failed=$((failed + 1)); cat "$work/api.txt" >&2; }

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
