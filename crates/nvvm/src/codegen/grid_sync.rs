//! The grid barrier (`cuda.cg.this_grid().sync()`), written into the module as one helper.
//!
//! numba-cuda links `libcudadevrt.a` and calls its `cudaCGGetIntrinsicHandle` /
//! `cudaCGSynchronize`. oxcuda writes the barrier itself, the way CUDA's own cooperative-groups
//! headers have done since CUDA 11 (no device runtime): a cooperative launch
//! (`cuLaunchCooperativeKernel`) gives the kernel a zeroed per-launch workspace whose address is
//! in the special registers `%envreg1` (high word) and `%envreg2` (low word); its second
//! 32-bit word is the barrier counter. So no library needs to be found or linked (the pip
//! wheels may not carry `libcudadevrt.a`, and nvJitLink would need it as an input), and two
//! cooperative launches in flight never share a counter (a module global would).
//!
//! The algorithm (arrive, then wait for the top bit to flip):
//! 1. `bar.sync 0`: the whole block has arrived;
//! 2. thread (0, 0, 0) of each block, after `membar.gl` (its block's writes are visible
//!    device-wide), adds to the counter: block (0, 0, 0) adds `0x80000000 - (nblocks - 1)`,
//!    every other block adds 1, so the arrivals of one barrier sum to exactly `0x80000000` and
//!    flip the top bit once, whatever the order — and the counter needs no reset between
//!    barriers;
//! 3. it spins on a volatile load until the top bit differs from the value its own add
//!    returned, then `membar.gl` (acquire side);
//! 4. `bar.sync 0`: the block goes on together.
//!
//! Correct only when every block is resident (a cooperative launch), which the runtime checks
//! against the occupancy limit before launching. A launch that is not cooperative has no
//! workspace (address 0): the helper traps instead of spinning on address 4.

use super::ModuleCtx;

/// Declares the helper once and returns its name.
pub(super) fn grid_sync(cx: &mut ModuleCtx<'_>) -> String {
    let name = "__oxcuda_grid_sync".to_owned();
    cx.helper(&name, |cx| {
        for reg in ["tid", "ctaid", "nctaid"] {
            for axis in ["x", "y", "z"] {
                cx.declare(&format!("llvm.nvvm.read.ptx.sreg.{reg}.{axis}"), "i32", &[]);
            }
        }
        cx.declare("llvm.nvvm.barrier0", "void", &[]);
        cx.declare("llvm.nvvm.membar.gl", "void", &[]);
        cx.declare("llvm.trap", "void", &[]);
        format!(
            "define internal void @{name}() noinline {{
entry:
  call void @llvm.nvvm.barrier0()
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %t0 = or i32 %tx, %ty
  %t1 = or i32 %t0, %tz
  %leader = icmp eq i32 %t1, 0
  br i1 %leader, label %arrive, label %leave
arrive:
  %hi = call i32 asm sideeffect \"mov.u32 $0, %envreg1;\", \"=r\"()
  %lo = call i32 asm sideeffect \"mov.u32 $0, %envreg2;\", \"=r\"()
  %hi64 = zext i32 %hi to i64
  %lo64 = zext i32 %lo to i64
  %high = shl i64 %hi64, 32
  %workspace = or i64 %high, %lo64
  %none = icmp eq i64 %workspace, 0
  br i1 %none, label %not_cooperative, label %count
not_cooperative:
  call void @llvm.trap()
  unreachable
count:
  %counter.addr = add i64 %workspace, 4
  %counter = inttoptr i64 %counter.addr to i32*
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %by = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %bz = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  %b0 = or i32 %bx, %by
  %b1 = or i32 %b0, %bz
  %first = icmp eq i32 %b1, 0
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  %nz = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  %nxy = mul i32 %nx, %ny
  %blocks = mul i32 %nxy, %nz
  %others = sub i32 %blocks, 1
  %first.add = sub i32 -2147483648, %others
  %add = select i1 %first, i32 %first.add, i32 1
  call void @llvm.nvvm.membar.gl()
  %old = atomicrmw volatile add i32* %counter, i32 %add monotonic
  br label %wait
wait:
  %now = load volatile i32, i32* %counter
  %diff = xor i32 %old, %now
  %top = and i32 %diff, -2147483648
  %same = icmp eq i32 %top, 0
  br i1 %same, label %wait, label %arrived
arrived:
  call void @llvm.nvvm.membar.gl()
  br label %leave
leave:
  call void @llvm.nvvm.barrier0()
  ret void
}}
"
        )
    });
    name
}
