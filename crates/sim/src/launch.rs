//! Launching a grid: configuration checks, argument registers, constant memory, and the blocks
//! spread over CPU cores.
//!
//! Blocks are independent in CUDA, so they run in parallel: OS threads (scoped; the calling
//! thread is one of them) take block indices from a shared counter, in increasing order, each
//! with its own [`BlockRunner`] (its shared memory and thread states). A launch of one block, or
//! with one worker, runs entirely on the calling thread. With the automatic worker count the
//! calling thread starts working at once while a monitor thread watches its progress for
//! 100 µs, then spawns at most one worker per core — only as many as the remaining work
//! (estimated from the blocks finished so far) pays for — so small launches do not pay for
//! thread creation and large ones lose no time waiting.
//!
//! Errors are deterministic: when a block fails, workers stop taking new blocks, finish the
//! ones they hold, and the error of the lowest-numbered failing block is returned — the same
//! error a sequential run would report first, because every block below it was taken (and so
//! completed) before it.
//!
//! A **cooperative** launch (a kernel that synchronises the grid) keeps every block resident:
//! one [`BlockRunner`] per block, run in rounds on the calling thread. In a round each live
//! block runs until all its threads exited or wait at a grid barrier; when every block waits at
//! the same grid barrier, all are released and the next round starts. A block that finished
//! while others wait, or blocks waiting at different grid barriers, are `BarrierError`s naming
//! the threads and the line (on a GPU they hang). At most [`MAX_COOPERATIVE_THREADS`] threads
//! take part (their states are all held at once).
//!
//! Invariant: the raw pointers a launch shares between workers (constant memory, argument
//! arrays inside the template) stay valid until every worker has joined (scoped threads).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use oxcuda_ir::GlobalId;

use crate::args::{ArgValue, flatten};
use crate::decode::Program;
use crate::error::SimError;
use crate::memory::AlignedBuf;
use crate::print::Printed;
use crate::racecheck::RaceCheck;
use crate::scheduler::{BlockRunner, BlockStop, Launch};

/// CUDA's limit on threads per block.
pub const MAX_THREADS_PER_BLOCK: u64 = 1024;

/// The most threads a cooperative launch may have in the simulator: every thread's state is
/// held until the kernel ends. About what the largest GPUs hold co-resident (an H200: 132
/// multiprocessors × 2048 threads).
pub const MAX_COOPERATIVE_THREADS: u64 = 1 << 18;
/// Shared memory (static plus dynamic) a block may use without opting in, on every GPU since
/// Kepler: 48 KiB. Static shared memory is held to it (ptxas refuses more).
pub const SHARED_BYTES_PER_BLOCK: usize = 48 * 1024;

/// The most shared memory (static plus dynamic) a block can have on the target device
/// (sm_90, H200: `CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN`, 227 KiB). oxcuda's
/// GPU launches opt in by themselves when the dynamic shared memory asks for more than
/// 48 KiB (runtime/module.rs), so the simulator, which holds kernels to the GPU's limits,
/// allows this much too.
pub const SHARED_BYTES_PER_BLOCK_OPT_IN: usize = 227 * 1024;

/// A launch configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchConfig {
    /// `gridDim` (x, y, z), each ≥ 1.
    pub grid: [u32; 3],
    /// `blockDim` (x, y, z), each ≥ 1, product ≤ 1024.
    pub block: [u32; 3],
    /// Bytes of dynamic shared memory per block.
    pub dynamic_shared_bytes: usize,
    /// OS threads to run blocks on; 0 means one per available CPU core.
    pub workers: usize,
    /// A cooperative launch (`cuLaunchCooperativeKernel`): every block resident at once, so
    /// that grid barriers can complete. Required by kernels that synchronise the grid
    /// ([`Program::uses_grid_sync`]); [`launch`] sets it for them.
    pub cooperative: bool,
    /// Detect data races and uninitialised shared reads (`racecheck.rs`); blocks then run one
    /// after another, and the launch fails with `RaceError` when it found any.
    pub racecheck: bool,
}

impl LaunchConfig {
    /// A configuration with no dynamic shared memory and automatic workers.
    #[must_use]
    pub const fn new(grid: [u32; 3], block: [u32; 3]) -> Self {
        Self {
            grid,
            block,
            dynamic_shared_bytes: 0,
            workers: 0,
            cooperative: false,
            racecheck: false,
        }
    }
}

/// Runs `program`'s kernel over `grid` × `block` threads with `args` (one per kernel
/// parameter). `const_data` replaces the initial bytes of constant-memory globals (each entry
/// must have the global's exact size); pass `&[]` to use the module's `init` bytes. Blocks run
/// in parallel on the available CPU cores; a kernel that synchronises the grid is launched
/// cooperatively.
///
/// # Errors
/// `LaunchError` for a bad configuration or arguments; otherwise the first failure of the
/// kernel (`IndexError`, `BarrierError`, `AssertionError`, …) with its full location.
pub fn launch(
    program: &Program,
    grid: [u32; 3],
    block: [u32; 3],
    dynamic_shared_bytes: usize,
    args: &[ArgValue],
    const_data: &[(GlobalId, &[u8])],
) -> Result<(), SimError> {
    let config = LaunchConfig {
        grid,
        block,
        dynamic_shared_bytes,
        workers: 0,
        cooperative: program.uses_grid_sync(),
        racecheck: false,
    };
    launch_with(program, &config, args, const_data)
}

/// [`launch`] with a full [`LaunchConfig`] (to choose the number of worker threads). What the
/// kernel `print`s is written to the process's standard output when the launch ends.
///
/// # Errors
/// As [`launch`].
pub fn launch_with(
    program: &Program,
    config: &LaunchConfig,
    args: &[ArgValue],
    const_data: &[(GlobalId, &[u8])],
) -> Result<(), SimError> {
    let (result, text) = launch_with_output(program, config, args, const_data);
    if !text.is_empty() {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    }
    result
}

/// [`launch_with`], returning what the kernel `print`ed instead of writing it: every line of
/// the launch, block by block in block-linear order, each block's lines in the order its
/// threads printed them (`print.rs`; a failed launch returns the lines printed before the
/// failure too). A binding writes the text where its language's output goes.
pub fn launch_with_output(
    program: &Program,
    config: &LaunchConfig,
    args: &[ArgValue],
    const_data: &[(GlobalId, &[u8])],
) -> (Result<(), SimError>, String) {
    let printed = Printed::default();
    let result = run_launch(program, config, args, const_data, &printed);
    (result, printed.into_text())
}

fn run_launch(
    program: &Program,
    config: &LaunchConfig,
    args: &[ArgValue],
    const_data: &[(GlobalId, &[u8])],
    printed: &Printed,
) -> Result<(), SimError> {
    let LaunchConfig {
        grid,
        block,
        dynamic_shared_bytes,
        workers,
        cooperative,
        racecheck,
    } = *config;
    check_config(grid, block, dynamic_shared_bytes)?;
    check_shared(program, dynamic_shared_bytes)?;
    if cooperative && racecheck {
        return Err(SimError::launch(format!(
            "kernel '{}' synchronises the grid: race detection (OXCUDA_SIM_RACECHECK) does not \
             support cooperative launches yet; run it without race detection",
            program.kernel_name()
        )));
    }
    if cooperative {
        let threads: u64 = grid.iter().chain(&block).map(|&d| u64::from(d)).product();
        if threads > MAX_COOPERATIVE_THREADS {
            return Err(SimError::launch(format!(
                "a cooperative launch of grid {grid:?} × block {block:?} has {threads} threads; \
                 the simulator holds at most {MAX_COOPERATIVE_THREADS} co-resident (use fewer \
                 blocks and loop over the data, as on a GPU)"
            )));
        }
    }
    let kernel = &program.funcs[0];
    if args.len() != kernel.params.len() {
        return Err(SimError::launch(format!(
            "kernel '{}' takes {} argument{}, {} given",
            kernel.display_name,
            kernel.params.len(),
            if kernel.params.len() == 1 { "" } else { "s" },
            args.len()
        )));
    }
    // The kernel's template with the arguments in the parameter slots.
    let mut params = Vec::with_capacity(kernel.param_slots as usize);
    for (i, (ty, arg)) in kernel.params.iter().zip(args).enumerate() {
        let name = kernel
            .params
            .get(i)
            .map(|_| format!("argument {i} of kernel '{}'", kernel.display_name))
            .unwrap_or_default();
        flatten(ty, arg, &mut params, &name)?;
    }
    let mut template = kernel.template.clone();
    template[..params.len()].copy_from_slice(&params);
    // Constant memory: the module's image, with the overrides.
    let mut consts = AlignedBuf::from_bytes(&program.const_image);
    for (g, bytes) in const_data {
        let Some(slot) = program.const_slots.iter().find(|s| s.global == g.0) else {
            return Err(SimError::launch(format!(
                "{g} is not a constant-memory global of this program"
            )));
        };
        if bytes.len() != slot.len {
            return Err(SimError::launch(format!(
                "constant data for {g} has {} bytes, the array has {}",
                bytes.len(),
                slot.len
            )));
        }
        consts.as_bytes_mut()[slot.offset..slot.offset + slot.len].copy_from_slice(bytes);
    }
    let race = racecheck.then(|| {
        let names = &kernel.param_names;
        let mut regions = Vec::new();
        for (i, arg) in args.iter().enumerate() {
            if let ArgValue::Array(a) = arg {
                let (lo, hi) = a.extent();
                let name = names.get(i).map_or_else(String::new, |n| format!(" '{n}'"));
                let shape: Vec<String> = a.shape().iter().map(ToString::to_string).collect();
                regions.push((
                    lo,
                    hi,
                    format!("argument {i}{name} ({}[{}])", a.dtype(), shape.join(", ")),
                ));
            }
        }
        RaceCheck::new(grid, block, regions)
    });
    let launch = Launch {
        prog: program,
        template: &template,
        grid,
        block,
        dyn_bytes: dynamic_shared_bytes,
        consts: consts.as_mut_ptr(),
        interrupts: crate::interrupt::current(),
        race: race.as_ref(),
        printed,
    };
    let nblocks = grid.iter().map(|&g| g as usize).product::<usize>();
    let auto = workers == 0;
    let workers = if auto {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        workers
    }
    .min(nblocks)
    .max(1);
    let block_index = |b: usize| {
        let (gx, gy) = (grid[0] as usize, grid[1] as usize);
        [
            (b % gx) as u32,
            ((b / gx) % gy) as u32,
            (b / (gx * gy)) as u32,
        ]
    };
    if cooperative {
        return run_cooperative(&launch, nblocks, block_index);
    }
    if let Some(rc) = &race {
        // One block after another: the shadow needs no lock, reports come in a fixed order.
        let mut runner = BlockRunner::default();
        for b in 0..nblocks {
            check_interrupt(&launch)?;
            runner.run_block(&launch, block_index(b))?;
        }
        return rc.finish(program.kernel_name()).map_or(Ok(()), Err);
    }
    if workers == 1 {
        let mut runner = BlockRunner::default();
        for b in 0..nblocks {
            check_interrupt(&launch)?;
            runner.run_block(&launch, block_index(b))?;
        }
        return Ok(());
    }
    let shared = Shared(&launch);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let errors: Mutex<Vec<(usize, SimError)>> = Mutex::new(Vec::new());
    let finished = AtomicUsize::new(0);
    // Takes blocks in increasing order until none is left or a block failed.
    let work = |runner: &mut BlockRunner| {
        let launch = shared.get();
        while !stop.load(Ordering::Relaxed) {
            let b = next.fetch_add(1, Ordering::Relaxed);
            if b >= nblocks {
                break;
            }
            if let Err(e) =
                check_interrupt(launch).and_then(|()| runner.run_block(launch, block_index(b)))
            {
                stop.store(true, Ordering::Relaxed);
                errors
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push((b, e));
            }
            finished.fetch_add(1, Ordering::Relaxed);
        }
    };
    std::thread::scope(|s| {
        if !auto {
            for _ in 1..workers {
                s.spawn(|| work(&mut BlockRunner::default()));
            }
            work(&mut BlockRunner::default());
            return;
        }
        // A monitor watches the calling thread's progress for a moment, then spawns only as
        // many workers as the remaining work pays for (a spawn costs tens of microseconds), and
        // joins them. The calling thread works from the start; it wakes the monitor when it
        // runs out of blocks, so a small launch does not wait for the probe.
        let monitor = s.spawn(|| {
            let started = Instant::now();
            let deadline = started + PROBE;
            loop {
                if next.load(Ordering::Relaxed) >= nblocks || stop.load(Ordering::Relaxed) {
                    return;
                }
                let now = Instant::now();
                if now >= deadline {
                    break;
                }
                std::thread::park_timeout(deadline - now);
            }
            let done = finished.load(Ordering::Relaxed);
            let left = nblocks.saturating_sub(next.load(Ordering::Relaxed));
            let wanted = if done == 0 {
                // Not one block in the probe: blocks are heavy, every worker pays.
                left
            } else {
                let per_block = started.elapsed().as_secs_f64() / done as f64;
                (per_block * left as f64 / WORTH_PER_WORKER.as_secs_f64()) as usize
            };
            let extra = wanted.min(workers - 1);
            if extra == 0 {
                return;
            }
            for _ in 1..extra {
                s.spawn(|| work(&mut BlockRunner::default()));
            }
            work(&mut BlockRunner::default());
        });
        work(&mut BlockRunner::default());
        monitor.thread().unpark();
    });
    let errors = errors
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match errors.into_iter().min_by_key(|(b, _)| *b) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Runs every block of a cooperative launch, resident together, round by round (module docs).
fn run_cooperative(
    launch: &Launch<'_>,
    nblocks: usize,
    block_index: impl Fn(usize) -> [u32; 3],
) -> Result<(), SimError> {
    let mut runners: Vec<BlockRunner> = (0..nblocks).map(|_| BlockRunner::default()).collect();
    let mut stops = Vec::with_capacity(nblocks);
    for (b, runner) in runners.iter_mut().enumerate() {
        stops.push(runner.start_block(launch, block_index(b))?);
    }
    loop {
        let waiting: Vec<usize> = (0..nblocks)
            .filter(|&b| stops[b] != BlockStop::Done)
            .collect();
        let Some(&first) = waiting.first() else {
            return Ok(());
        };
        let BlockStop::GridBarrier { tl, func, pc } = stops[first] else {
            return Ok(());
        };
        if waiting.len() < nblocks {
            let done: Vec<usize> = (0..nblocks)
                .filter(|&b| stops[b] == BlockStop::Done)
                .collect();
            let what = format!(
                "grid sync at line {} is not reached by every block: {} wait{} there but {} \
                 already finished (a grid sync must be reached by every thread of the grid; on \
                 a GPU this hangs)",
                line(launch, func, pc),
                blocks(&waiting, &block_index),
                if waiting.len() == 1 { "s" } else { "" },
                blocks(&done, &block_index),
            );
            return Err(runners[first].barrier_error_here(launch, tl, (func, pc), &what));
        }
        for &b in &waiting {
            if let BlockStop::GridBarrier { func: f, pc: p, .. } = stops[b]
                && (f, p) != (func, pc)
            {
                let what = format!(
                    "blocks wait at different grid syncs: block {} at line {}, block {} at line \
                     {} (every thread of the grid must reach the same grid sync)",
                    fmt_block(block_index(first)),
                    line(launch, func, pc),
                    fmt_block(block_index(b)),
                    line(launch, f, p),
                );
                return Err(runners[first].barrier_error_here(launch, tl, (func, pc), &what));
            }
        }
        for (b, runner) in runners.iter_mut().enumerate() {
            stops[b] = runner.resume(launch)?;
        }
    }
}

fn line(launch: &Launch<'_>, func: u32, pc: u32) -> u32 {
    launch.prog.funcs[func as usize]
        .source_loc(pc as usize)
        .line
}

fn fmt_block(b: [u32; 3]) -> String {
    crate::error::fmt_dim3(b)
}

fn blocks(list: &[usize], block_index: &impl Fn(usize) -> [u32; 3]) -> String {
    let shown: Vec<String> = list
        .iter()
        .take(4)
        .map(|&b| fmt_block(block_index(b)))
        .collect();
    let more = list.len().saturating_sub(4);
    let mut s = format!(
        "block{} {}",
        if list.len() == 1 { "" } else { "s" },
        shown.join(", ")
    );
    if more > 0 {
        s.push_str(&format!(" and {more} more"));
    }
    s
}

/// A `LaunchError` when the kernel's static shared memory exceeds what a block may have
/// statically ([`SHARED_BYTES_PER_BLOCK`]), or static plus `dyn_bytes` exceeds what a block
/// may use on the GPU even opting in ([`SHARED_BYTES_PER_BLOCK_OPT_IN`]), naming the kernel,
/// the amounts and the limit.
fn check_shared(program: &Program, dyn_bytes: usize) -> Result<(), SimError> {
    let fixed = program.static_shared_bytes();
    let total = fixed.saturating_add(dyn_bytes);
    let limit = if fixed > SHARED_BYTES_PER_BLOCK {
        format!(
            "more than the {SHARED_BYTES_PER_BLOCK} bytes (48 KiB) of static shared memory a \
             block may have (the device allows {SHARED_BYTES_PER_BLOCK_OPT_IN} bytes, 227 KiB, \
             only as dynamic shared memory)"
        )
    } else if total > SHARED_BYTES_PER_BLOCK_OPT_IN {
        format!(
            "more than the {SHARED_BYTES_PER_BLOCK_OPT_IN} bytes (227 KiB) a block may use on \
             sm_90 (H200), opting in"
        )
    } else {
        return Ok(());
    };
    Err(SimError::launch(format!(
        "kernel '{}' needs {total} bytes of shared memory per block ({fixed} static + \
         {dyn_bytes} dynamic), {limit}; use less shared memory per block",
        program.kernel_name()
    )))
}

/// `Interrupted` when [`crate::interrupt_launches`] was called since the launch started.
fn check_interrupt(launch: &Launch<'_>) -> Result<(), SimError> {
    if crate::interrupt::since(launch.interrupts) {
        return Err(SimError::new(
            crate::SimErrorKind::Interrupted,
            format!(
                "the launch of kernel '{}' was interrupted (KeyboardInterrupt)",
                launch.prog.kernel_name()
            ),
        ));
    }
    Ok(())
}

/// How long the monitor watches the calling thread before deciding how many workers to spawn.
const PROBE: Duration = Duration::from_micros(100);

/// The least work (estimated) that justifies spawning one more worker.
const WORTH_PER_WORKER: Duration = Duration::from_micros(250);

/// A [`Launch`] shared with worker threads.
struct Shared<'a>(&'a Launch<'a>);

// SAFETY: a Launch is read-only during the launch; its raw pointers (constant memory, array
// arguments in the template) are valid until the scoped workers join, and the memory behind
// them is accessed with atomic element operations (memory.rs).
unsafe impl Sync for Shared<'_> {}

impl<'a> Shared<'a> {
    fn get(&self) -> &'a Launch<'a> {
        self.0
    }
}

fn check_config(grid: [u32; 3], block: [u32; 3], dyn_bytes: usize) -> Result<(), SimError> {
    if grid.contains(&0) || block.contains(&0) {
        return Err(SimError::launch(format!(
            "grid {grid:?} and block {block:?} dimensions must all be at least 1"
        )));
    }
    if grid[0] > i32::MAX as u32 || grid[1] > 65535 || grid[2] > 65535 {
        return Err(SimError::launch(format!(
            "grid {grid:?} exceeds CUDA's limits (2^31-1, 65535, 65535)"
        )));
    }
    if block[0] > 1024 || block[1] > 1024 || block[2] > 64 {
        return Err(SimError::launch(format!(
            "block {block:?} exceeds CUDA's limits (1024, 1024, 64)"
        )));
    }
    let threads: u64 = block.iter().map(|&b| u64::from(b)).product();
    if threads > MAX_THREADS_PER_BLOCK {
        return Err(SimError::launch(format!(
            "block {block:?} has {threads} threads; CUDA allows at most {MAX_THREADS_PER_BLOCK}"
        )));
    }
    if dyn_bytes > 1 << 30 {
        return Err(SimError::launch(format!(
            "{dyn_bytes} bytes of dynamic shared memory per block is too much"
        )));
    }
    Ok(())
}
