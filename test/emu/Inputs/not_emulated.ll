; A kernel the CPU emulator cannot run (test/emu/emulator.test): a multimem store (multicast memory).
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out) {
  tail call void asm sideeffect "multimem.st.relaxed.gpu.global.f32 [$0], $1;", "l,f"(ptr addrspace(1) %out, float 1.0)
  ret void
}
