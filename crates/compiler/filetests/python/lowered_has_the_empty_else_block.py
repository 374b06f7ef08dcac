# Before the optimiser, the `if` without an `else` still has its empty else block (a block
# that only jumps on); the optimiser's CFG simplification removes it (axpy.py has no bb3).
# signature: void(float32[::1])
# stage: lowered
# check: br v
# check: bb3:
# check: jump bb1
def fill(r):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = 1.0
