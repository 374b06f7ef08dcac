# A device function is compiled into the kernel's module: the PTX has the kernel as an .entry
# and float32 sqrt as the correctly rounded instruction.
# signature: void(float32[::1])
# stage: ptx
# options: cc=9.0
# check: .target sm_90
# check: .entry
# check: sqrt.rn.f32
def kernel(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = norm(a[i])

def norm(v):
    return math.sqrt(v * v + float32(1.0))
