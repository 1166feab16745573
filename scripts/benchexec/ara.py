# BenchExec tool-info module for ara (index-set abstraction and refinement for C programs
# with arrays, driving ESBMC/CBMC and Z3).
#
# Use: copy (or link) this file into benchexec/tools/ and name the tool `ara` in a benchmark
# definition, or put its folder on PYTHONPATH inside a package and name it `package.ara`.
# The tool directory is ara's checkout (target/release/ara, target/debug/ara, with the
# checkers in .tools/ from scripts/setup) or a folder holding the `ara` binary.
#
# ara checks the SV-COMP property unreach-call (`G ! call(f())`); the error function is taken
# from the property file. Its answer is the first output line (SAFE / UNSAFE / UNKNOWN, with
# a reason) and the exit code (0 SAFE, 10 UNSAFE, 20 UNKNOWN, other codes errors).
#
# Witnesses: as SV-COMP's verifiers do, ara writes its witness (YAML, format 2.0: a violation
# witness for UNSAFE, a correctness witness for SAFE) to `witness.yml` in the run's working
# directory (`--witness witness.yml`, unless the options name another file); BenchExec keeps
# it with the run's results when the benchmark definition asks for it, e.g.
# `<resultfiles>witness.yml</resultfiles>`. `ara validate prog.c --witness witness.yml`
# checks it.

import os
import re

import benchexec.result as result
import benchexec.tools.template
from benchexec.tools.sv_benchmarks_util import ILP32, LP64, get_data_model_from_task

# Exit codes of the ara binary (README, "Exit codes").
_EXIT_ERRORS = {
    1: "internal error",
    2: "syntax error",
    3: "unsupported",
    4: "checker missing",
    5: "input file",
    6: "checker failed",
    64: "bad arguments",
}

_CALL = re.compile(r"LTL\(\s*G\s*!\s*call\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*\)\s*\)")


class Tool(benchexec.tools.template.BaseTool2):
    """
    ara: makes bounded model checkers succeed on C programs whose loops walk large arrays,
    by index-set abstraction and counterexample-guided refinement (`ara check`).
    Supports the property unreach-call; SAFE only from a checker proof, UNSAFE only for a
    trace confirmed on the original program.
    """

    _SUBDIRS = ["", "bin", "target/release", "target/debug"]

    # The witness file, in the run's working directory (where BenchExec collects result files).
    WITNESS = "witness.yml"

    def executable(self, tool_locator):
        last = None
        for sub in self._SUBDIRS:
            try:
                return tool_locator.find_executable("ara", subdir=sub)
            except benchexec.tools.template.ToolNotFoundException as e:
                last = e
        raise last

    def version(self, executable):
        # `ara --version` prints "ara 0.1.0".
        out = self._version_from_tool(executable, "--version")
        return out.split()[-1] if out else ""

    def name(self):
        return "ara"

    def project_url(self):
        return None

    def program_files(self, executable):
        # The binary, and the checkers scripts/setup put into the project's .tools/.
        files = [executable]
        exe_dir = os.path.dirname(executable)
        for up in [".", "..", "../.."]:
            tools = os.path.normpath(os.path.join(exe_dir, up, ".tools"))
            if os.path.isdir(tools):
                files.append(tools)
                break
        return files

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "check"] + list(options)
        if task.property_file:
            f = self._error_function(task.property_file)
            if f:
                cmd += ["--error-function", f]
        data_model = get_data_model_from_task(task, {ILP32: "ilp32", LP64: "lp64"})
        if data_model and "--data-model" not in options:
            cmd += ["--data-model", data_model]
        # ara stops by itself and answers UNKNOWN a little before BenchExec's limit.
        if rlimits.cputime and "--timeout" not in options:
            cmd += ["--timeout", str(max(1, int(rlimits.cputime) - 5))]
        if "--witness" not in options:
            cmd += ["--witness", self.WITNESS]
        return cmd + [task.single_input_file]

    @staticmethod
    def _error_function(property_file):
        """The error function of an unreach-call property file (None: ara's default)."""
        try:
            with open(property_file) as f:
                text = f.read()
        except OSError as e:
            # Named unreach-call: ara's default error functions (reach_error and
            # __VERIFIER_error) are the ones SV-COMP has used.
            if os.path.basename(property_file) == "unreach-call.prp":
                return None
            raise benchexec.tools.template.UnsupportedFeatureException(
                f"cannot read property file {property_file}: {e}"
            )
        m = _CALL.search(text)
        if not m:
            raise benchexec.tools.template.UnsupportedFeatureException(
                f"ara checks unreach-call only, not {os.path.basename(property_file)}"
            )
        return m.group(1)

    def determine_result(self, run):
        verdict = None
        for line in run.output:
            line = line.strip()
            # Text output: the verdict is the first word of its line.
            word = line.split(" ", 1)[0].rstrip(":")
            if word in ("SAFE", "UNSAFE", "UNKNOWN"):
                verdict = word
                break
            # JSON output (--json): "verdict": "safe".
            m = re.match(r'"verdict":\s*"(safe|unsafe|unknown)"', line)
            if m:
                verdict = m.group(1).upper()
                break
        code = run.exit_code.value if run.exit_code else None
        by_code = {0: "SAFE", 10: "UNSAFE", 20: "UNKNOWN"}.get(code)
        if verdict is None:
            verdict = by_code if code in (10, 20) else None
        elif code in (10, 20) and by_code != verdict:
            return result.RESULT_ERROR + f" (verdict {verdict} but exit code {code})"

        if verdict == "SAFE":
            return result.RESULT_TRUE_PROP
        if verdict == "UNSAFE":
            return result.RESULT_FALSE_REACH
        if verdict == "UNKNOWN":
            if run.was_timeout:
                return result.RESULT_TIMEOUT
            return result.RESULT_UNKNOWN
        if run.was_timeout:
            return result.RESULT_TIMEOUT
        if code in _EXIT_ERRORS:
            return result.RESULT_ERROR + f" ({_EXIT_ERRORS[code]})"
        if run.exit_code and run.exit_code.signal:
            return result.RESULT_ERROR + f" (signal {run.exit_code.signal})"
        return result.RESULT_ERROR
