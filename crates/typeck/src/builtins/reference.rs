//! The long form of a row's documentation: the numpydoc docstring that `help(cuda.grid)` and the
//! API reference show (`render::python_stubs` writes it into `python/oxcuda/cuda/_kernel_api.py`;
//! the docs site's autodoc reads it from there).
//!
//! Every `cuda.` row gets every section: a summary (the row's `doc`), `Parameters` (from the
//! row's signature, each with a type), `Returns`, `Raises` and `Examples`. The types and the
//! generic descriptions come from the row's [`Rule`] — one text per typing rule, so a new row
//! with an existing rule is documented with no extra work. The names whose rule is `Special`
//! (their own lowering code, so nothing generic can be said) and the most used ones have a
//! hand-written [`Detail`] in [`DETAILS`]; its example is a complete program, which
//! `tests/api/test_kernel_api_docs.py` runs on the simulator, so it cannot go stale.
//!
//! The text is reStructuredText (numpydoc sections, double-backtick literals): it must stay
//! free of backslashes and triple quotes, as the row docs are (`tests/builtins.rs` checks).

use std::fmt::Write;

use super::{Builtin, Rule, Signature};

/// One parameter's documentation: name, type, what it is.
pub type ParamDoc = (&'static str, &'static str, &'static str);

/// The hand-written sections of one row.
#[derive(Debug)]
pub struct Detail {
    /// The row's path (`cuda.grid`).
    pub path: &'static str,
    /// A paragraph after the summary (may be empty).
    pub extended: &'static str,
    /// Every parameter, in the signature's order.
    pub params: &'static [ParamDoc],
    /// `type` and what it is, as `("int32", "the count")`; an empty type for no result.
    pub returns: (&'static str, &'static str),
    /// Errors besides the generic ones (compile-time `TypingError`, host call `RuntimeError`).
    pub raises: &'static [(&'static str, &'static str)],
    /// A complete program (imports, kernel, launch, check against NumPy), run by the tests; empty
    /// for the generic one-line example.
    pub example: &'static str,
}

/// The hand-written details (see the module docs).
pub static DETAILS: &[Detail] = &[
    Detail {
        path: "cuda.grid",
        extended: "For ``ndim == 1`` this is ``cuda.threadIdx.x + cuda.blockIdx.x * \
                   cuda.blockDim.x``; for 2 and 3 the same along each axis. Use it to give each \
                   thread one element of an array, and guard with the array's size: the grid is \
                   usually a little larger than the data.",
        params: &[(
            "ndim",
            "int, a constant 1, 2 or 3",
            "How many dimensions of the launch to combine.",
        )],
        returns: (
            "int or tuple of int",
            "The thread's global index: an int64 for ``ndim=1``, else a tuple of ``ndim`` int64.",
        ),
        raises: &[(
            "oxcuda.errors.TypingError",
            "At compile time, when ``ndim`` is not a constant 1, 2 or 3.",
        )],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\ndef double(a):\n    \
                  i = cuda.grid(1)\n    if i < a.size:\n        a[i] *= 2\n\n\
                  a = np.arange(100, dtype=np.float32)\nd = cuda.to_device(a)\n\
                  double[4, 32](d)\nassert np.array_equal(d.copy_to_host(), a * 2)\n",
    },
    Detail {
        path: "cuda.gridsize",
        extended: "Use it as the step of a grid-stride loop, which lets a grid of any size cover \
                   an array of any size.",
        params: &[(
            "ndim",
            "int, a constant 1, 2 or 3",
            "How many dimensions of the launch to combine.",
        )],
        returns: (
            "int or tuple of int",
            "``cuda.blockDim.x * cuda.gridDim.x`` (int64) for ``ndim=1``, else a tuple.",
        ),
        raises: &[(
            "oxcuda.errors.TypingError",
            "At compile time, when ``ndim`` is not a constant 1, 2 or 3.",
        )],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\ndef fill(a, v):\n    \
                  for i in range(cuda.grid(1), a.size, cuda.gridsize(1)):\n        a[i] = v\n\n\
                  d = cuda.device_array(1000, dtype=np.int32)\nfill[2, 64](d, 7)\n\
                  assert (d.copy_to_host() == 7).all()\n",
    },
    Detail {
        path: "cuda.shared.array",
        extended: "Shared memory is fast on-chip memory that the threads of one block share. \
                   ``shape`` and ``dtype`` must be compile-time constants (a literal, or a \
                   global the kernel reads); ``shape=0`` declares the block's dynamic shared \
                   memory, whose size in bytes is the fourth launch parameter \
                   (``kernel[grid, block, stream, nbytes]``). Threads usually write their part, \
                   call ``cuda.syncthreads()``, then read the others'.",
        params: &[
            (
                "shape",
                "int or tuple of int (constants)",
                "The array's shape; 0 for dynamic shared memory.",
            ),
            (
                "dtype",
                "NumPy dtype or oxcuda type (constant)",
                "The element type: ``np.float32``, ``float32``, a record dtype, ….",
            ),
            (
                "alignment",
                "int, optional",
                "The alignment in bytes (a power of two); the element size by default.",
            ),
        ],
        returns: (
            "array",
            "A C-contiguous array in the block's shared memory (uninitialised).",
        ),
        raises: &[(
            "oxcuda.errors.TypingError",
            "At compile time, when the shape or dtype is not a constant.",
        )],
        example: "import numpy as np\nfrom oxcuda import cuda, float32\n\n@cuda.jit\n\
                  def reverse(a):\n    tile = cuda.shared.array(64, float32)\n    \
                  t = cuda.threadIdx.x\n    tile[t] = a[t]\n    cuda.syncthreads()\n    \
                  a[t] = tile[63 - t]\n\nx = np.arange(64, dtype=np.float32)\n\
                  d = cuda.to_device(x)\nreverse[1, 64](d)\n\
                  assert np.array_equal(d.copy_to_host(), x[::-1])\n",
    },
    Detail {
        path: "cuda.local.array",
        extended: "Local memory is private to one thread. ``shape`` and ``dtype`` must be \
                   compile-time constants.",
        params: &[
            (
                "shape",
                "int or tuple of int (constants)",
                "The array's shape.",
            ),
            (
                "dtype",
                "NumPy dtype or oxcuda type (constant)",
                "The element type.",
            ),
            (
                "alignment",
                "int, optional",
                "The alignment in bytes (a power of two); the element size by default.",
            ),
        ],
        returns: (
            "array",
            "A C-contiguous array private to the thread (uninitialised).",
        ),
        raises: &[(
            "oxcuda.errors.TypingError",
            "At compile time, when the shape or dtype is not a constant.",
        )],
        example: "import numpy as np\nfrom oxcuda import cuda, int64\n\n@cuda.jit\n\
                  def squares_sum(out):\n    tmp = cuda.local.array(4, int64)\n    \
                  for k in range(4):\n        tmp[k] = k * k\n    \
                  out[cuda.grid(1)] = tmp[0] + tmp[1] + tmp[2] + tmp[3]\n\n\
                  d = cuda.device_array(8, dtype=np.int64)\nsquares_sum[1, 8](d)\n\
                  assert (d.copy_to_host() == 14).all()\n",
    },
    Detail {
        path: "cuda.const.array_like",
        extended: "The array is copied into the module's constant memory when the kernel is \
                   compiled: ``arr`` must be a global (or closure) NumPy array, whose value at \
                   compile time is what the kernel sees.",
        params: &[(
            "arr",
            "numpy.ndarray",
            "A host array known at compile time.",
        )],
        returns: (
            "array",
            "A read-only array in constant memory with arr's contents.",
        ),
        raises: &[(
            "oxcuda.errors.TypingError",
            "At compile time, when ``arr`` is not a global NumPy array.",
        )],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n\
                  WEIGHTS = np.array([0.25, 0.5, 0.25])\n\n@cuda.jit\ndef smooth(out, x):\n    \
                  w = cuda.const.array_like(WEIGHTS)\n    i = cuda.grid(1)\n    \
                  if 0 < i < x.size - 1:\n        \
                  out[i] = w[0] * x[i - 1] + w[1] * x[i] + w[2] * x[i + 1]\n\n\
                  x = np.random.default_rng(1).random(32)\nout = np.zeros_like(x)\n\
                  smooth[1, 32](out, x)\n\
                  assert np.allclose(out[1:-1], np.convolve(x, WEIGHTS, 'valid'))\n",
    },
    Detail {
        path: "cuda.selp",
        extended: "Both values are evaluated (no branch): the PTX ``selp`` instruction.",
        params: &[
            ("test", "bool", "The condition."),
            ("a", "scalar", "The value if ``test`` is true."),
            (
                "b",
                "scalar",
                "The value if ``test`` is false (unified with ``a``'s type).",
            ),
        ],
        returns: ("scalar", "``a if test else b``."),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\ndef relu(a):\n    \
                  i = cuda.grid(1)\n    if i < a.size:\n        a[i] = cuda.selp(a[i] > 0, a[i], 0.0)\n\n\
                  x = np.linspace(-1, 1, 16)\nd = cuda.to_device(x)\nrelu[1, 16](d)\n\
                  assert np.array_equal(d.copy_to_host(), np.maximum(x, 0))\n",
    },
    Detail {
        path: "cuda.literal_unroll",
        extended: "Loops over tuples are unrolled in kernels anyway, so in oxcuda this only \
                   marks intent; on the host it returns its argument, as numba's does.",
        params: &[("container", "tuple", "The tuple to iterate over.")],
        returns: ("tuple", "``container`` itself."),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\ndef total(out):\n    \
                  s = 0.0\n    for v in cuda.literal_unroll((1, 2.5, 3)):\n        s += v\n    \
                  out[0] = s\n\nout = np.zeros(1)\ntotal[1, 1](out)\nassert out[0] == 6.5\n",
    },
    Detail {
        path: "cuda.syncthreads",
        extended: "No thread of the block goes on until every thread of the block has reached \
                   the barrier, and every shared and global memory write made before it is \
                   visible to the block's threads after it. Every thread of the block must reach \
                   the same barrier: one inside a branch that only some threads take hangs the \
                   block on the GPU (the simulator reports it as a divergent barrier).",
        params: &[],
        returns: ("", ""),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda, int32\n\n@cuda.jit\n\
                  def rotate(a):\n    s = cuda.shared.array(32, int32)\n    \
                  t = cuda.threadIdx.x\n    s[t] = a[t]\n    cuda.syncthreads()\n    \
                  a[t] = s[(t + 1) % 32]\n\nx = np.arange(32, dtype=np.int32)\n\
                  d = cuda.to_device(x)\nrotate[1, 32](d)\n\
                  assert np.array_equal(d.copy_to_host(), np.roll(x, -1))\n",
    },
    Detail {
        path: "cuda.syncthreads_count",
        extended: "A ``cuda.syncthreads()`` that also counts, over the whole block, the threads \
                   whose predicate is true.",
        params: &[(
            "predicate",
            "scalar",
            "Any value with a truth value (nonzero is true).",
        )],
        returns: (
            "int32",
            "How many threads of the block passed a true predicate.",
        ),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\n\
                  def count_positive(x, out):\n    t = cuda.threadIdx.x\n    \
                  n = cuda.syncthreads_count(x[t] > 0)\n    if t == 0:\n        out[0] = n\n\n\
                  x = np.random.default_rng(2).standard_normal(64)\nout = np.zeros(1, np.int32)\n\
                  count_positive[1, 64](x, out)\nassert out[0] == (x > 0).sum()\n",
    },
    Detail {
        path: "cuda.atomic.add",
        extended: "The read, the addition and the write are one indivisible operation, so \
                   threads adding to the same element never lose an update. Works on global and \
                   shared arrays of int32, uint32, int64, uint64, float32 and float64 (float16 \
                   where the GPU has it).",
        params: &[
            ("ary", "array", "A device array, global or shared."),
            (
                "idx",
                "int or tuple of int",
                "The element's index: an int for a 1-d array, a tuple of ``ary.ndim`` ints \
                 otherwise.",
            ),
            (
                "val",
                "scalar",
                "The value to add, converted to the array's dtype.",
            ),
        ],
        returns: ("scalar", "The element's value before the addition."),
        raises: &[(
            "oxcuda.errors.TypingError",
            "At compile time, for an array of a dtype atomics do not support, or an index \
             of the wrong rank.",
        )],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\n\
                  def histogram(data, bins):\n    i = cuda.grid(1)\n    if i < data.size:\n        \
                  cuda.atomic.add(bins, data[i], 1)\n\n\
                  data = np.random.default_rng(3).integers(0, 8, 500).astype(np.int32)\n\
                  bins = np.zeros(8, dtype=np.int32)\nhistogram[4, 128](data, bins)\n\
                  assert np.array_equal(bins, np.bincount(data, minlength=8))\n",
    },
    Detail {
        path: "cuda.atomic.cas",
        extended: "Compare-and-swap: the building block of lock-free updates that no other \
                   atomic operation expresses.",
        params: &[
            (
                "ary",
                "array",
                "A device array of int32, uint32, int64 or uint64 (or float).",
            ),
            ("idx", "int or tuple of int", "The element's index."),
            (
                "old",
                "scalar",
                "The value the element is expected to hold.",
            ),
            ("val", "scalar", "The value stored when it does."),
        ],
        returns: (
            "scalar",
            "The element's value before the operation (equal to ``old`` when it stored).",
        ),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\n\
                  def claim(owner):\n    i = cuda.grid(1)\n    \
                  cuda.atomic.cas(owner, 0, -1, i)\n\nowner = np.full(1, -1, dtype=np.int32)\n\
                  claim[1, 32](owner)\nassert 0 <= owner[0] < 32\n",
    },
    Detail {
        path: "cuda.shfl_down_sync",
        extended: "Lane ``i`` receives ``value`` from lane ``i + delta`` of the same warp; lanes \
                   whose source is past the end keep their own value. Every lane in ``mask`` \
                   must execute the call. The usual tree reduction of a warp takes five steps.",
        params: &[
            (
                "mask",
                "uint32",
                "The lanes taking part (``0xffffffff`` for the whole warp).",
            ),
            (
                "value",
                "scalar",
                "The value this lane offers (int32/64, uint32/64, float32/64).",
            ),
            ("delta", "int", "How many lanes down to read from."),
        ],
        returns: (
            "scalar",
            "The value of lane ``laneid + delta`` (or this lane's own).",
        ),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\n\
                  def warp_sum(x, out):\n    v = x[cuda.threadIdx.x]\n    \
                  for delta in (16, 8, 4, 2, 1):\n        \
                  v += cuda.shfl_down_sync(0xFFFFFFFF, v, delta)\n    \
                  if cuda.threadIdx.x == 0:\n        out[0] = v\n\n\
                  x = np.arange(32, dtype=np.float64)\nout = np.zeros(1)\n\
                  warp_sum[1, 32](x, out)\nassert out[0] == x.sum()\n",
    },
    Detail {
        path: "cuda.shfl_sync",
        extended: "Every lane in ``mask`` must execute the call; ``src_lane`` is taken modulo \
                   the warp size.",
        params: &[
            (
                "mask",
                "uint32",
                "The lanes taking part (``0xffffffff`` for the whole warp).",
            ),
            ("value", "scalar", "The value this lane offers."),
            ("src_lane", "int", "The lane to read from."),
        ],
        returns: ("scalar", "The value offered by lane ``src_lane``."),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\n\
                  def broadcast(a):\n    t = cuda.threadIdx.x\n    \
                  a[t] = cuda.shfl_sync(0xFFFFFFFF, a[t], 5)\n\n\
                  x = np.arange(32, dtype=np.int32)\nd = cuda.to_device(x)\n\
                  broadcast[1, 32](d)\nassert (d.copy_to_host() == 5).all()\n",
    },
    Detail {
        path: "cuda.ballot_sync",
        extended: "Every lane in ``mask`` must execute the call.",
        params: &[
            ("mask", "uint32", "The lanes taking part."),
            ("predicate", "scalar", "Any value with a truth value."),
        ],
        returns: (
            "uint32",
            "Bit ``k`` set when lane ``k`` is in ``mask`` and its predicate is true.",
        ),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\n\
                  def odd_lanes(out):\n    t = cuda.threadIdx.x\n    \
                  b = cuda.ballot_sync(0xFFFFFFFF, t % 2 == 1)\n    if t == 0:\n        \
                  out[0] = b\n\nout = np.zeros(1, dtype=np.uint32)\nodd_lanes[1, 32](out)\n\
                  assert out[0] == 0xAAAAAAAA\n",
    },
    Detail {
        path: "cuda.popc",
        extended: "",
        params: &[("x", "integer", "Any signed or unsigned integer.")],
        returns: ("integer", "The number of set bits, in ``x``'s type."),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\n\
                  def bits(x, out):\n    i = cuda.grid(1)\n    if i < x.size:\n        \
                  out[i] = cuda.popc(x[i])\n\n\
                  x = np.random.default_rng(4).integers(0, 2**31, 64).astype(np.uint32)\n\
                  out = np.zeros_like(x)\nbits[1, 64](x, out)\n\
                  assert list(out) == [bin(v).count('1') for v in x]\n",
    },
    Detail {
        path: "cuda.fma",
        extended: "Rounded once, as the hardware's fused multiply-add does: more accurate and \
                   faster than ``a * b + c``.",
        params: &[
            ("a", "float", "A factor."),
            ("b", "float", "The other factor."),
            ("c", "float", "The addend."),
        ],
        returns: (
            "float",
            "``a * b + c`` rounded once, in the unified float type.",
        ),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\n\
                  def axpy(r, a, x, y):\n    i = cuda.grid(1)\n    if i < r.size:\n        \
                  r[i] = cuda.fma(a, x[i], y[i])\n\n\
                  rng = np.random.default_rng(5)\nx, y = rng.random(64), rng.random(64)\n\
                  r = np.zeros(64)\naxpy[1, 64](r, 2.0, x, y)\n\
                  assert np.allclose(r, 2.0 * x + y)\n",
    },
    Detail {
        path: "cuda.random.xoroshiro128p_uniform_float32",
        extended: "Each thread uses its own generator (``index`` is usually ``cuda.grid(1)``); \
                   the sequence is bit for bit numba-cuda's.",
        params: &[
            (
                "states",
                "array",
                "The generators: a device array from ``create_xoroshiro128p_states``.",
            ),
            (
                "index",
                "int",
                "Which generator to draw from (it advances one step).",
            ),
        ],
        returns: ("float32", "A uniform number in [0, 1)."),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\
                  from oxcuda.cuda.random import create_xoroshiro128p_states, \
                  xoroshiro128p_uniform_float32\n\n@cuda.jit\ndef draw(states, out):\n    \
                  i = cuda.grid(1)\n    if i < out.size:\n        \
                  out[i] = xoroshiro128p_uniform_float32(states, i)\n\n\
                  states = create_xoroshiro128p_states(256, seed=1)\n\
                  out = np.zeros(256, dtype=np.float32)\ndraw[2, 128](states, out)\n\
                  assert 0 <= out.min() and out.max() < 1 and abs(out.mean() - 0.5) < 0.1\n",
    },
    Detail {
        path: "cuda.random.xoroshiro128p_normal_float32",
        extended: "The Box-Muller transform of two uniforms (two steps of the generator).",
        params: &[
            (
                "states",
                "array",
                "The generators: a device array from ``create_xoroshiro128p_states``.",
            ),
            (
                "index",
                "int",
                "Which generator to draw from (it advances two steps).",
            ),
        ],
        returns: ("float32", "A standard normal number."),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\
                  from oxcuda.cuda.random import create_xoroshiro128p_states, \
                  xoroshiro128p_normal_float32\n\n@cuda.jit\ndef draw(states, out):\n    \
                  i = cuda.grid(1)\n    if i < out.size:\n        \
                  out[i] = xoroshiro128p_normal_float32(states, i)\n\n\
                  states = create_xoroshiro128p_states(512, seed=2)\n\
                  out = np.zeros(512, dtype=np.float32)\ndraw[4, 128](states, out)\n\
                  assert abs(out.mean()) < 0.2 and abs(out.std() - 1) < 0.2\n",
    },
    Detail {
        path: "cuda.cg.this_grid",
        extended: "A kernel that reaches ``this_grid().sync()`` is launched cooperatively: every \
                   block is resident at once, which limits the grid to \
                   ``kernel.max_cooperative_grid_blocks(blockdim)`` blocks.",
        params: &[],
        returns: (
            "GridGroup",
            "The group; call its ``sync()`` for a grid-wide barrier.",
        ),
        raises: &[(
            "ValueError",
            "At launch, when the grid has more blocks than can be resident at once.",
        )],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\n\
                  def two_phase(a, b):\n    i = cuda.grid(1)\n    a[i] = i\n    \
                  cuda.cg.this_grid().sync()\n    b[i] = a[(i + 1) % a.size]\n\n\
                  a = cuda.device_array(64, dtype=np.int64)\n\
                  b = cuda.device_array(64, dtype=np.int64)\ntwo_phase[2, 32](a, b)\n\
                  assert np.array_equal(b.copy_to_host(), np.roll(np.arange(64), -1))\n",
    },
    Detail {
        path: "cuda.threadIdx.x",
        extended: "``0 <= cuda.threadIdx.x < cuda.blockDim.x``. With ``cuda.blockIdx`` and \
                   ``cuda.blockDim`` it gives the global index; ``cuda.grid(1)`` computes that \
                   for you.",
        params: &[],
        returns: ("int32", "The index."),
        raises: &[],
        example: "import numpy as np\nfrom oxcuda import cuda\n\n@cuda.jit\ndef ids(out):\n    \
                  i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x\n    out[i] = i\n\n\
                  out = np.zeros(64, dtype=np.int32)\nids[2, 32](out)\n\
                  assert np.array_equal(out, np.arange(64))\n",
    },
];

/// The detail of row `path`, if it has one.
#[must_use]
pub fn detail(path: &str) -> Option<&'static Detail> {
    DETAILS.iter().find(|d| d.path == path)
}

/// The generic type and description of parameter `name` of a row with rule `rule`.
fn param_doc(b: &Builtin, name: &str) -> (String, String) {
    let (ty, what): (&str, &str) = match (b.rule, name) {
        (Rule::Atomic(_) | Rule::AtomicLegacyCas, "ary") => (
            "array",
            "A device array, global or shared, of a dtype the operation supports.",
        ),
        (Rule::Atomic(_) | Rule::CacheLoad(_) | Rule::CacheStore(_), "idx" | "i") => (
            "int or tuple of int",
            "The element's index (a tuple of ``ary.ndim`` ints for an n-d array).",
        ),
        (Rule::Atomic(_) | Rule::AtomicLegacyCas, _) => {
            ("scalar", "An operand, converted to the array's dtype.")
        }
        (Rule::CacheLoad(_) | Rule::CacheStore(_), "array" | "ary") => {
            ("array", "A device array in global memory.")
        }
        (Rule::CacheStore(_), _) => ("scalar", "The value to store (the array's dtype)."),
        (_, "states") => (
            "array",
            "The generators: a device array from ``create_xoroshiro128p_states``.",
        ),
        (_, "index") => (
            "int",
            "Which generator of ``states`` to use (usually cuda.grid(1)).",
        ),
        (_, "seed") => ("uint64", "The seed."),
        (_, "mask") => (
            "uint32",
            "The lanes taking part, one bit per lane (``0xffffffff`` for the whole warp).",
        ),
        (_, "predicate") => ("scalar", "Any value with a truth value (nonzero is true)."),
        (Rule::Shfl(_) | Rule::Match(_), "value") => (
            "scalar",
            "This lane's value (int32, int64, uint32, uint64, float32 or float64).",
        ),
        (Rule::Shfl(_), _) => ("int", "The source lane, or the lane offset."),
        (Rule::Bits(_), _) => ("integer", "A signed or unsigned integer."),
        (Rule::FloatMath(_), _) => ("float", "An operand (integers are converted to float64)."),
        (Rule::U32Operand(_), _) => ("uint32", "The operand, converted to uint32."),
        _ => ("scalar", "An operand."),
    };
    (ty.to_owned(), what.to_owned())
}

/// The generic result of a row: its type and description (an empty type for none).
fn returns_doc(b: &Builtin) -> (String, String) {
    let (ty, what): (&str, &str) = match b.rule {
        Rule::Read(_) => ("int32", "The value."),
        Rule::Float(_) => ("float", "The constant (float64)."),
        Rule::Complex(..) => ("complex", "The constant (complex128)."),
        Rule::Barrier(_) | Rule::U32Operand(_) | Rule::CacheStore(_) => ("", ""),
        Rule::PredicateBarrier(_) => ("int32", "The result over the block's predicates."),
        Rule::Bits(_) => ("integer", "The result (see the summary for its type)."),
        Rule::FloatMath(_) => ("float", "The result, in the operands' unified float type."),
        Rule::Shfl(_) => (
            "scalar",
            "The value read from the source lane, in value's type.",
        ),
        Rule::Vote(_) => (
            "int32 or uint32",
            "The vote's result over the lanes in mask.",
        ),
        Rule::Match(_) => ("uint32 or tuple", "The lanes holding the same value."),
        Rule::LaneMask(_) => ("uint32", "The lane mask."),
        Rule::Atomic(_) | Rule::AtomicLegacyCas => {
            ("scalar", "The element's value before the operation.")
        }
        Rule::CacheLoad(_) => ("scalar", "The element."),
        Rule::Libdevice(f) => {
            let outs: Vec<&str> = f.row().outputs().into_iter().map(|s| s.name()).collect();
            return if outs.len() == 1 {
                (outs[0].to_owned(), "The result.".to_owned())
            } else {
                (
                    format!("tuple of ({})", outs.join(", ")),
                    "The function's result and its output parameters.".to_owned(),
                )
            };
        }
        // `Module` and `Special` rows (and any rule added later) have no generic result text:
        // a `Special` row's Detail says it.
        _ => ("", ""),
    };
    (ty.to_owned(), what.to_owned())
}

/// The libdevice parameter types, by name, of a libdevice row.
fn libdevice_param(b: &Builtin, name: &str) -> Option<(String, String)> {
    let Rule::Libdevice(f) = b.rule else {
        return None;
    };
    let row = f.row();
    let p = row
        .c_params()
        .into_iter()
        .find(|p| !p.out && p.name == name)?;
    Some((
        p.ty.name().to_owned(),
        format!("Converted to {} (libdevice's parameter type).", p.ty.name()),
    ))
}

/// A one-line use of the row inside a kernel, for rows without a [`Detail`].
fn generic_example(b: &Builtin, name: &str, sig: &Signature) -> String {
    if b.rule.is_value() {
        return format!("v = cuda.{name}");
    }
    let args: Vec<&str> = sig
        .params
        .iter()
        .filter(|p| p.default.is_none())
        .map(|p| p.name)
        .collect();
    let call = format!("cuda.{name}({})", args.join(", "));
    match returns_doc(b).0.as_str() {
        "" => call,
        _ => format!("r = {call}"),
    }
}

fn section(out: &mut String, title: &str) {
    let _ = write!(out, "\n\n{title}\n{}\n", "-".repeat(title.len()));
}

fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The numpydoc docstring of a `cuda.` row (see the module docs).
#[must_use]
pub fn docstring(b: &Builtin, summary: &str) -> String {
    let name = b.path.strip_prefix("cuda.").unwrap_or(b.path);
    let sig = Signature::parse(b.signature).unwrap_or_default();
    let d = detail(b.path);
    let mut out = summary.to_owned();
    if let Some(d) = d.filter(|d| !d.extended.is_empty()) {
        let _ = write!(out, "\n\n{}", d.extended);
    }
    if !b.rule.is_value() && (!sig.params.is_empty() || sig.variadic) {
        section(&mut out, "Parameters");
        let documented: Vec<(String, String, String)> = match d {
            Some(d) => d
                .params
                .iter()
                .map(|(n, t, w)| ((*n).to_owned(), (*t).to_owned(), (*w).to_owned()))
                .collect(),
            None => sig
                .params
                .iter()
                .map(|p| {
                    let (t, w) = libdevice_param(b, p.name).unwrap_or_else(|| param_doc(b, p.name));
                    let t = if p.default.is_some() {
                        format!("{t}, optional")
                    } else {
                        t
                    };
                    (p.name.to_owned(), t, w)
                })
                .collect(),
        };
        for (n, t, w) in documented {
            let _ = write!(out, "{n} : {t}\n    {w}\n");
        }
        if sig.variadic && d.is_none() {
            out.push_str("*args : scalar\n    The operands.\n");
        }
        out.truncate(out.trim_end().len());
    }
    let (rty, rwhat) = d.map_or_else(
        || returns_doc(b),
        |d| (d.returns.0.to_owned(), d.returns.1.to_owned()),
    );
    if !rty.is_empty() {
        section(&mut out, "Returns");
        let _ = write!(out, "{rty}\n    {rwhat}");
    }
    section(&mut out, "Raises");
    out.push_str(
        "RuntimeError\n    When called on the host: this name exists only inside \
         ``@cuda.jit`` functions.",
    );
    if !b.rule.is_value() {
        let extra = d.map_or(&[][..], |d| d.raises);
        if extra.is_empty() {
            out.push_str(
                "\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.",
            );
        }
        for (e, w) in extra {
            let _ = write!(out, "\n{e}\n    {w}");
        }
    }
    section(&mut out, "Examples");
    match d.filter(|d| !d.example.is_empty()) {
        Some(d) => {
            let _ = write!(out, ".. code-block:: python\n\n{}", indent(d.example, 4));
        }
        None => {
            let _ = write!(
                out,
                "Inside a kernel:\n\n.. code-block:: python\n\n    {}",
                generic_example(b, name, &sig)
            );
        }
    }
    out
}

/// The docstring of namespace `path` (`cuda.atomic`), listing its members.
#[must_use]
pub fn namespace_docstring(path: &str, members: &[&str]) -> String {
    let what = match path {
        "cuda.threadIdx" => "The thread's index in its block, along x, y and z (int32 each).",
        "cuda.blockIdx" => "The block's index in the grid, along x, y and z (int32 each).",
        "cuda.blockDim" => "The block's shape: threads per block along x, y and z (int32 each).",
        "cuda.gridDim" => "The grid's shape: blocks per grid along x, y and z (int32 each).",
        "cuda.atomic" => {
            "Atomic read-modify-write operations on elements of global or shared arrays: each \
             returns the element's old value."
        }
        "cuda.shared" => "Arrays in the block's shared memory.",
        "cuda.local" => "Arrays in the thread's local memory.",
        "cuda.const" => "Arrays in constant memory, copied from host arrays at compile time.",
        "cuda.libdevice" => {
            "NVIDIA's libdevice math library, function for function (``__nv_<name>``)."
        }
        _ => "Kernel-side names.",
    };
    let list: Vec<String> = members.iter().map(|m| format!("``{m}``")).collect();
    format!(
        "``{path}``: {what}\n\nMembers: {}.\n\nThey exist only inside ``@cuda.jit`` functions; \
         ``help()`` on each member shows its documentation.",
        list.join(", ")
    )
}
