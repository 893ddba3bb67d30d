#!/bin/sh
# Generators of adversarial inputs for the robustness tests (kept out of the sources: too large).
#   gen.sh nest N          an entry with N nested `for` regions
#   gen.sh digits N KIND   a number of N digits in a constant (KIND=constant), a generic-form
#                          dense attribute (KIND=generic) or an attribute dictionary (KIND=attr)
#   gen.sh brackets N      an attribute dictionary entry nested N brackets deep
digits() { head -c "$1" /dev/zero | tr '\0' '9'; }
repeat() { head -c "$1" /dev/zero | tr '\0' "$2"; }
case "$1" in
nest)
  printf 'cuda_tile.module @m {\n  entry @e(%%n: tile<i32>) {\n'
  printf '    %%c0 = constant <i32: 0> : tile<i32>\n    %%c1 = constant <i32: 1> : tile<i32>\n'
  i=0; while [ "$i" -lt "$2" ]; do printf 'for %%i%d in (%%c0 to %%n, step %%c1) : tile<i32> {\n' "$i"; i=$((i + 1)); done
  i=0; while [ "$i" -lt "$2" ]; do printf 'continue\n}\n'; i=$((i + 1)); done
  printf '    return\n  }\n}\n' ;;
digits)
  case "$3" in
  constant) printf 'cuda_tile.module @m { entry @e() { %%a = constant <i32: %s> : tile<i32>\nreturn } }\n' "$(digits "$2")" ;;
  generic) printf 'cuda_tile.module @m { entry @e() { %%a = "cuda_tile.constant"() {value = dense<%s> : tensor<i32>} : () -> !cuda_tile.tile<i32>\nreturn } }\n' "$(digits "$2")" ;;
  attr) printf 'cuda_tile.module @m { entry @e() attributes {foo = %s : i64} { return } }\n' "$(digits "$2")" ;;
  esac ;;
brackets)
  printf 'cuda_tile.module @m { entry @e() attributes {foo = %s%s} { return } }\n' "$(repeat "$2" '[')" "$(repeat "$2" ']')" ;;
esac
