# The front end and optimiser on axpy: the guard branches straight to the exit (the empty else
# block is gone), and the arithmetic stays in float32.
# signature: void(float32[::1], float32, float32[::1], float32[::1])
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]
# output:
# kernel @f0 "axpy_0"(array(float32, 1d, C), float32, array(float32, 1d, C), array(float32, 1d, C)) -> none file "axpy.py" {
#   var $0 "r": array(float32, 1d, C)
#   var $1 "a": float32
#   var $2 "x": array(float32, 1d, C)
#   var $3 "y": array(float32, 1d, C)
#   var $4 "i": int64
# bb0:
#   v0: array(float32, 1d, C) = param 0 !4:1
#   setvar $0, v0 !4:1
#   v1: float32 = param 1 !4:1
#   setvar $1, v1 !4:1
#   v2: array(float32, 1d, C) = param 2 !4:1
#   setvar $2, v2 !4:1
#   v3: array(float32, 1d, C) = param 3 !4:1
#   setvar $3, v3 !4:1
#   v4: int32 = intrinsic blockidx.x !5:5
#   v5: int64 = cast v4 !5:5
#   v6: int32 = intrinsic blockdim.x !5:5
#   v7: int64 = cast v6 !5:5
#   v8: int64 = mul v5, v7 !5:5
#   v9: int32 = intrinsic threadidx.x !5:5
#   v10: int64 = cast v9 !5:5
#   v11: int64 = add v8, v10 !5:5
#   setvar $4, v11 !5:5
#   v12: int64 = getvar $4 !6:8
#   v13: array(float32, 1d, C) = getvar $0 !6:8
#   v14: int64 = const 1 !6:8
#   v15: int64 = shape v13, 0 !6:8
#   v16: int64 = mul v14, v15 !6:8
#   v17: bool = cmp lt v12, v16 !6:8
#   br v17, bb2, bb1 !6:8
# bb1:
#   ret !4:1
# bb2:
#   v18: float32 = getvar $1 !7:9
#   v19: array(float32, 1d, C) = getvar $2 !7:9
#   v20: int64 = getvar $4 !7:9
#   v21: float32 = load v19[v20] !7:9
#   v22: float32 = mul v18, v21 !7:9
#   v23: array(float32, 1d, C) = getvar $3 !7:9
#   v24: int64 = getvar $4 !7:9
#   v25: float32 = load v23[v24] !7:9
#   v26: float32 = add v22, v25 !7:9
#   v27: array(float32, 1d, C) = getvar $0 !7:9
#   v28: int64 = getvar $4 !7:9
#   store v27[v28], v26 !7:9
#   jump bb1 !7:9
# }
