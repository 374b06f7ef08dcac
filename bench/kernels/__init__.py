"""The kernel throughput suite (issue 7): eleven kernel families, each written once in Python
for oxcuda and numba-cuda, once in CUDA C++ (``suite.cu``) and, where one exists, once as CuPy
array expressions.

One module per family holds the Python kernels (compiled by ``build()`` against whichever
``cuda`` module the process chose) and the benchmark objects that say how big the problem is,
how to launch each version, how much work one launch does and how to check its result against
NumPy. ``catalog.py`` lists them; ``bench/throughput.py`` runs them; ``report.py`` turns the
results into tables. This file imports nothing, so ``report`` works without NumPy.
"""
