# lit configuration for tilec. Substitutions:
#   %tilec         the compiler           %FileCheck / FileCheck   LLVM 22's FileCheck
#   %ptxas         ptxas, or a stub that prints "SKIPPED: ptxas not found" and exits 0
#   %python        the Python running lit   %if-ptxas  "--ptxas-available" when ptxas is there, else ""
#   %check-ptx     test/check-ptx.sh <arch> <ptx>: ptxas -v, fail on errors or spills (SKIPPED without ptxas)
#   %examples      the examples/ folder   %conformance  test/conformance/cuda-tile-13.3 (NVIDIA's
#                  upstream test files, vendored: a plain clone needs nothing outside the repository)
#   %wgmma-fence-check  test/wgmma_fence_check.py <ptx>: no register a wgmma reads written after its fence
# Features: "ptxas" when the CUDA toolkit's ptxas is present.
import os, shutil, sys
import lit.formats

config.name = "tilec"
# RUN lines run in /bin/sh (loops and $? are used by some tests).
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".ll", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilec_obj_root, "test")

tilec = os.path.join(config.tilec_obj_root, "tools", "tilec")
# %tilec-run before %tilec, so that "%tilec" does not swallow its prefix.
config.substitutions.append(("%tilec-emu-build", sys.executable + " " + os.path.join(config.tilec_src_root, "tools", "tilec-emu", "tilec-emu-build")))
config.substitutions.append(("%emu-libcuda", os.path.join(config.tilec_obj_root, "tools", "tilec-emu", "libtilec_emu_cuda.so")))
config.substitutions.append(("%emu-compare", sys.executable + " " + os.path.join(config.tilec_src_root, "test", "emu", "emu_compare.py")
                             + " --tilec " + tilec + " --tilec-run " + os.path.join(config.tilec_obj_root, "tools", "tilec-run", "tilec-run")
                             + " --emu-build " + os.path.join(config.tilec_src_root, "tools", "tilec-emu", "tilec-emu-build")
                             + " --libcuda " + os.path.join(config.tilec_obj_root, "tools", "tilec-emu", "libtilec_emu_cuda.so")))
config.substitutions.append(("%tilec-run", os.path.join(config.tilec_obj_root, "tools", "tilec-run", "tilec-run")))
config.substitutions.append(("%tilec", tilec))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("%examples", os.path.join(config.tilec_src_root, "examples")))
config.substitutions.append(("%conformance", os.path.join(config.tilec_src_root, "test", "conformance", "cuda-tile-13.3")))
config.substitutions.append(("%srcroot", config.tilec_src_root))
# the TileAS module as the modulo scheduler leaves it (before path selection rewrites the paths not
# taken): `%tilec --emit=tileas --print-ir-after-all k.mlir 2>&1 >/dev/null | %after-sched`
config.substitutions.append(("%after-sched",
                             "sed -n '/IR Dump After tileas-modulo-schedule/,/IR Dump After tileas-path-select/p'"))
config.substitutions.append(("%objroot", config.tilec_obj_root))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%check-ptx", os.path.join(config.tilec_src_root, "test", "check-ptx.sh")))
config.substitutions.append(("%wgmma-fence-check",
                             sys.executable + " " + os.path.join(config.tilec_src_root, "test", "wgmma_fence_check.py")))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "HOME", "TILEC_PTXAS", "CUDA_HOME", "TILEC_REENTRY_STRIDE", "TILEC_MATRIX_STRIDE", "TILEC_CORPUS_STRIDE", "TILEC_CORPUS_EMU_STRIDE"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

ptxas = os.environ.get("TILEC_PTXAS") or shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%if-ptxas", "--ptxas-available"))
    config.substitutions.append(("%ptxas", ptxas))
else:
    lit_config.note("ptxas not found: PTX assembly checks print SKIPPED and pass")
    config.substitutions.append(("%ptxas", os.path.join(config.tilec_src_root, "test", "ptxas-missing.sh")))
    config.substitutions.append(("%if-ptxas", ""))
