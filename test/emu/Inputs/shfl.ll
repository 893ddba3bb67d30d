; Handwritten NVPTX kernels for test/emu/emulator.test.
; @shfl: out[t * 5 + k] = shfl.sync k of tid (up 3; down 3; bfly 5; idx 7; down 3 in segments of 8).
; @deadlock: thread 0 waits at bar.sync 1, every other thread at bar.sync 0 (hangs a GPU too).
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @shfl(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %up = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %t, i32 3, i32 0)
  %down = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %t, i32 3, i32 31)
  %bfly = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %t, i32 5, i32 31)
  %idx = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %t, i32 7, i32 31)
  %seg = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %t, i32 3, i32 6175)
  %base = mul i32 %t, 5
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %up, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %down, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %bfly, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %idx, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %p0, i32 4
  store i32 %seg, ptr addrspace(1) %p4
  ret void
}

define ptx_kernel void @deadlock(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %skip = icmp eq i32 %t, 0
  br i1 %skip, label %other, label %wait
other:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 1)
  br label %done
wait:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %done
done:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %t, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
