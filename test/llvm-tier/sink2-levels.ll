; --sink-into-texture levels (seed 002 "Texture/Surface Awareness"; mapping in docs/llvm-tier.md):
;   1: cross-block only into blocks that hold (or dominate) a texture-class access;
;   2: + intra-block reordering of an address chain next to its texture-class use;
;   3: + outside-only values sink toward their uses even without a texture-class access.
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr --sink-into-texture=1 %s -o - | %FileCheck --check-prefixes=L1 %s
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr --sink-into-texture=2 %s -o - | %FileCheck --check-prefixes=L2 %s
; RUN: %tilec --emit=llvm --disable-hot-cold-layout --disable-base-address-sr %s -o - | %FileCheck --check-prefixes=L3 %s

; The product is used only in %then, which holds no memory access.
; L1-LABEL: define i32 @outside_only(
; L1:       entry:
; L1-NEXT:    %m = mul i32 %x, %y
; L2-LABEL: define i32 @outside_only(
; L2:       entry:
; L2-NEXT:    %m = mul i32 %x, %y
; L3-LABEL: define i32 @outside_only(
; L3:       then:
; L3-NEXT:    %m = mul i32 %x, %y
define i32 @outside_only(i32 %x, i32 %y, i1 %c) {
entry:
  %m = mul i32 %x, %y
  br i1 %c, label %then, label %end
then:
  %r = add i32 %m, 1
  ret i32 %r
end:
  ret i32 0
}

; The address of the load is computed early in the block, far from the load.
; L1-LABEL: define float @intra_block(
; L1:         %p = getelementptr float, ptr addrspace(1) %a, i64 %i
; L1-NEXT:    %s1 = fmul float %x, %x
; L2-LABEL: define float @intra_block(
; L2:         %s2 = fmul float %s1, %x
; L2-NEXT:    %p = getelementptr float, ptr addrspace(1) %a, i64 %i
; L2-NEXT:    %v = load float
; L3-LABEL: define float @intra_block(
; L3:         %s2 = fmul float %s1, %x
; L3-NEXT:    %p = getelementptr float, ptr addrspace(1) %a, i64 %i
define float @intra_block(ptr addrspace(1) %a, i64 %i, float %x) {
entry:
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  %s1 = fmul float %x, %x
  %s2 = fmul float %s1, %x
  %v = load float, ptr addrspace(1) %p, align 4
  %r = fadd float %v, %s2
  ret float %r
}
