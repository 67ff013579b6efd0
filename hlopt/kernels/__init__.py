"""numpy kernels that op declarations' `interpret` rules (and folders) call.

This package sits below the dialects and beside hlopt.ir: it imports only
hlopt.ir (types, attributes) and numpy, never a dialect, the syntax or the
interpreter's executor (hlopt.interp). An op's rule stays on its class, where
the op is declared; the work several ops share lives here:

    values        runtime values (arrays, tokens), IR type -> dtype, InterpError
    attrs         decoding attributes into numpy/Python values
    elementwise   the spec's integer/float semantics, unary/binary rule makers
    movement      reshapes, slices, pads, converts
    heavy         dot_general, convolution, gather, scatter, reduce, sort, fft
    regions       running reduction/comparator bodies on whole arrays
    collectives   all_reduce, all_gather, all_to_all, ... over the runtime
    sharding      HloSharding / sdy shardings -> per-device layouts
    custom_calls  the custom_call targets the interpreter knows
    manual        sdy.manual_computation's split and assemble
    special       special functions (erf, lgamma, digamma, ...)
    marks         numpy-free marks for `interpret` rules (`lifts`)

Dialect modules name these through `lazy_module` (hlopt.ir.lazy), so parsing,
verifying and printing import no numpy; the module itself imports nothing.
"""
