# A name that is not a local, a captured global or a builtin is a typing error at its use.
# signature: void(float32[::1])
# error: name 'undefined_name' is not defined
def k(a):
    a[0] = undefined_name
