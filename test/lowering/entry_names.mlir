// Entry names become PTX kernel symbols unchanged (launchers look kernels up by the entry's name),
// so code generation refuses, at the entry, a name that is not a PTX identifier or that collides
// with tilec's own symbols (docs/abi.md). Hardening: such names aborted LLVM ("Symbol name with
// unsupported characters"), produced PTX ptxas rejects, or (@"") PTX without an .entry.
// Parsing, printing and bytecode keep every valid cuda_tile name (test/frontend/symbol_quoting.mlir).
// RUN: %tilec -O3 --split-input-file --verify-diagnostics %s
// RUN: %tilec -O3 --emit=llvm --split-input-file --verify-diagnostics %s
// RUN: %tilec -O3 --gpu-name=sm_100a --split-input-file --verify-diagnostics %s
// Names that are PTX identifiers compile and assemble ($ included; PTX opcodes are not reserved).
// RUN: %tilec -O3 %S/Inputs/entry_names_ok.mlir -o %t.ptx
// RUN: %FileCheck %s --check-prefix=OK < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// OK: .entry _k9(
// OK: .entry a$b(
// OK: .entry ret(
// The same refusal from bytecode (the reader keeps any name; code generation refuses it).
// RUN: %tilec --emit=bytecode %S/Inputs/entry_name_space.mlir -o %t.bc
// RUN: not %tilec -O3 %t.bc -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BC
// BC: error: entry name "a b" has a character other than letters, digits, '_' and '$'

cuda_tile.module @m {
  // expected-error@+1 {{entry name "é" does not start with a letter or '_': it cannot be the kernel's PTX symbol}}
  entry @"é"() {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{entry name "a b" has a character other than letters, digits, '_' and '$'}}
  entry @"a b"() {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{entry name "%x" does not start with a letter or '_'}}
  entry @"%x"() {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{entry name "1abc" does not start with a letter or '_'}}
  entry @"1abc"() {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{entry name "a.b" has a character other than letters, digits, '_' and '$'}}
  entry @a.b() {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{entry name "" is empty}}
  entry @""() {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{entry name "__tilec_smem" uses a prefix reserved for tilec's own symbols (__tilec, __nv_)}}
  entry @__tilec_smem() {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{entry name "__nv_expf" uses a prefix reserved}}
  entry @__nv_expf() {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{entry name "vprintf" is the name of a function tilec's code calls}}
  entry @vprintf() {
    return
  }
}
