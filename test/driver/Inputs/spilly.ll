; A kernel that cannot fit its registers (48 values live at once under .maxnreg 16): ptxas spills,
; and tilec --emit=cubin says so (test/driver/ptxas_report.test). Generated; 48 volatile loads, then
; 48 products stored.
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @spilly(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %p0 = getelementptr float, ptr addrspace(1) %in, i32 0
  %v0 = load volatile float, ptr addrspace(1) %p0
  %p1 = getelementptr float, ptr addrspace(1) %in, i32 1
  %v1 = load volatile float, ptr addrspace(1) %p1
  %p2 = getelementptr float, ptr addrspace(1) %in, i32 2
  %v2 = load volatile float, ptr addrspace(1) %p2
  %p3 = getelementptr float, ptr addrspace(1) %in, i32 3
  %v3 = load volatile float, ptr addrspace(1) %p3
  %p4 = getelementptr float, ptr addrspace(1) %in, i32 4
  %v4 = load volatile float, ptr addrspace(1) %p4
  %p5 = getelementptr float, ptr addrspace(1) %in, i32 5
  %v5 = load volatile float, ptr addrspace(1) %p5
  %p6 = getelementptr float, ptr addrspace(1) %in, i32 6
  %v6 = load volatile float, ptr addrspace(1) %p6
  %p7 = getelementptr float, ptr addrspace(1) %in, i32 7
  %v7 = load volatile float, ptr addrspace(1) %p7
  %p8 = getelementptr float, ptr addrspace(1) %in, i32 8
  %v8 = load volatile float, ptr addrspace(1) %p8
  %p9 = getelementptr float, ptr addrspace(1) %in, i32 9
  %v9 = load volatile float, ptr addrspace(1) %p9
  %p10 = getelementptr float, ptr addrspace(1) %in, i32 10
  %v10 = load volatile float, ptr addrspace(1) %p10
  %p11 = getelementptr float, ptr addrspace(1) %in, i32 11
  %v11 = load volatile float, ptr addrspace(1) %p11
  %p12 = getelementptr float, ptr addrspace(1) %in, i32 12
  %v12 = load volatile float, ptr addrspace(1) %p12
  %p13 = getelementptr float, ptr addrspace(1) %in, i32 13
  %v13 = load volatile float, ptr addrspace(1) %p13
  %p14 = getelementptr float, ptr addrspace(1) %in, i32 14
  %v14 = load volatile float, ptr addrspace(1) %p14
  %p15 = getelementptr float, ptr addrspace(1) %in, i32 15
  %v15 = load volatile float, ptr addrspace(1) %p15
  %p16 = getelementptr float, ptr addrspace(1) %in, i32 16
  %v16 = load volatile float, ptr addrspace(1) %p16
  %p17 = getelementptr float, ptr addrspace(1) %in, i32 17
  %v17 = load volatile float, ptr addrspace(1) %p17
  %p18 = getelementptr float, ptr addrspace(1) %in, i32 18
  %v18 = load volatile float, ptr addrspace(1) %p18
  %p19 = getelementptr float, ptr addrspace(1) %in, i32 19
  %v19 = load volatile float, ptr addrspace(1) %p19
  %p20 = getelementptr float, ptr addrspace(1) %in, i32 20
  %v20 = load volatile float, ptr addrspace(1) %p20
  %p21 = getelementptr float, ptr addrspace(1) %in, i32 21
  %v21 = load volatile float, ptr addrspace(1) %p21
  %p22 = getelementptr float, ptr addrspace(1) %in, i32 22
  %v22 = load volatile float, ptr addrspace(1) %p22
  %p23 = getelementptr float, ptr addrspace(1) %in, i32 23
  %v23 = load volatile float, ptr addrspace(1) %p23
  %p24 = getelementptr float, ptr addrspace(1) %in, i32 24
  %v24 = load volatile float, ptr addrspace(1) %p24
  %p25 = getelementptr float, ptr addrspace(1) %in, i32 25
  %v25 = load volatile float, ptr addrspace(1) %p25
  %p26 = getelementptr float, ptr addrspace(1) %in, i32 26
  %v26 = load volatile float, ptr addrspace(1) %p26
  %p27 = getelementptr float, ptr addrspace(1) %in, i32 27
  %v27 = load volatile float, ptr addrspace(1) %p27
  %p28 = getelementptr float, ptr addrspace(1) %in, i32 28
  %v28 = load volatile float, ptr addrspace(1) %p28
  %p29 = getelementptr float, ptr addrspace(1) %in, i32 29
  %v29 = load volatile float, ptr addrspace(1) %p29
  %p30 = getelementptr float, ptr addrspace(1) %in, i32 30
  %v30 = load volatile float, ptr addrspace(1) %p30
  %p31 = getelementptr float, ptr addrspace(1) %in, i32 31
  %v31 = load volatile float, ptr addrspace(1) %p31
  %p32 = getelementptr float, ptr addrspace(1) %in, i32 32
  %v32 = load volatile float, ptr addrspace(1) %p32
  %p33 = getelementptr float, ptr addrspace(1) %in, i32 33
  %v33 = load volatile float, ptr addrspace(1) %p33
  %p34 = getelementptr float, ptr addrspace(1) %in, i32 34
  %v34 = load volatile float, ptr addrspace(1) %p34
  %p35 = getelementptr float, ptr addrspace(1) %in, i32 35
  %v35 = load volatile float, ptr addrspace(1) %p35
  %p36 = getelementptr float, ptr addrspace(1) %in, i32 36
  %v36 = load volatile float, ptr addrspace(1) %p36
  %p37 = getelementptr float, ptr addrspace(1) %in, i32 37
  %v37 = load volatile float, ptr addrspace(1) %p37
  %p38 = getelementptr float, ptr addrspace(1) %in, i32 38
  %v38 = load volatile float, ptr addrspace(1) %p38
  %p39 = getelementptr float, ptr addrspace(1) %in, i32 39
  %v39 = load volatile float, ptr addrspace(1) %p39
  %p40 = getelementptr float, ptr addrspace(1) %in, i32 40
  %v40 = load volatile float, ptr addrspace(1) %p40
  %p41 = getelementptr float, ptr addrspace(1) %in, i32 41
  %v41 = load volatile float, ptr addrspace(1) %p41
  %p42 = getelementptr float, ptr addrspace(1) %in, i32 42
  %v42 = load volatile float, ptr addrspace(1) %p42
  %p43 = getelementptr float, ptr addrspace(1) %in, i32 43
  %v43 = load volatile float, ptr addrspace(1) %p43
  %p44 = getelementptr float, ptr addrspace(1) %in, i32 44
  %v44 = load volatile float, ptr addrspace(1) %p44
  %p45 = getelementptr float, ptr addrspace(1) %in, i32 45
  %v45 = load volatile float, ptr addrspace(1) %p45
  %p46 = getelementptr float, ptr addrspace(1) %in, i32 46
  %v46 = load volatile float, ptr addrspace(1) %p46
  %p47 = getelementptr float, ptr addrspace(1) %in, i32 47
  %v47 = load volatile float, ptr addrspace(1) %p47
  %m0 = fmul float %v0, %v47
  %q0 = getelementptr float, ptr addrspace(1) %out, i32 0
  store volatile float %m0, ptr addrspace(1) %q0
  %m1 = fmul float %v1, %v46
  %q1 = getelementptr float, ptr addrspace(1) %out, i32 1
  store volatile float %m1, ptr addrspace(1) %q1
  %m2 = fmul float %v2, %v45
  %q2 = getelementptr float, ptr addrspace(1) %out, i32 2
  store volatile float %m2, ptr addrspace(1) %q2
  %m3 = fmul float %v3, %v44
  %q3 = getelementptr float, ptr addrspace(1) %out, i32 3
  store volatile float %m3, ptr addrspace(1) %q3
  %m4 = fmul float %v4, %v43
  %q4 = getelementptr float, ptr addrspace(1) %out, i32 4
  store volatile float %m4, ptr addrspace(1) %q4
  %m5 = fmul float %v5, %v42
  %q5 = getelementptr float, ptr addrspace(1) %out, i32 5
  store volatile float %m5, ptr addrspace(1) %q5
  %m6 = fmul float %v6, %v41
  %q6 = getelementptr float, ptr addrspace(1) %out, i32 6
  store volatile float %m6, ptr addrspace(1) %q6
  %m7 = fmul float %v7, %v40
  %q7 = getelementptr float, ptr addrspace(1) %out, i32 7
  store volatile float %m7, ptr addrspace(1) %q7
  %m8 = fmul float %v8, %v39
  %q8 = getelementptr float, ptr addrspace(1) %out, i32 8
  store volatile float %m8, ptr addrspace(1) %q8
  %m9 = fmul float %v9, %v38
  %q9 = getelementptr float, ptr addrspace(1) %out, i32 9
  store volatile float %m9, ptr addrspace(1) %q9
  %m10 = fmul float %v10, %v37
  %q10 = getelementptr float, ptr addrspace(1) %out, i32 10
  store volatile float %m10, ptr addrspace(1) %q10
  %m11 = fmul float %v11, %v36
  %q11 = getelementptr float, ptr addrspace(1) %out, i32 11
  store volatile float %m11, ptr addrspace(1) %q11
  %m12 = fmul float %v12, %v35
  %q12 = getelementptr float, ptr addrspace(1) %out, i32 12
  store volatile float %m12, ptr addrspace(1) %q12
  %m13 = fmul float %v13, %v34
  %q13 = getelementptr float, ptr addrspace(1) %out, i32 13
  store volatile float %m13, ptr addrspace(1) %q13
  %m14 = fmul float %v14, %v33
  %q14 = getelementptr float, ptr addrspace(1) %out, i32 14
  store volatile float %m14, ptr addrspace(1) %q14
  %m15 = fmul float %v15, %v32
  %q15 = getelementptr float, ptr addrspace(1) %out, i32 15
  store volatile float %m15, ptr addrspace(1) %q15
  %m16 = fmul float %v16, %v31
  %q16 = getelementptr float, ptr addrspace(1) %out, i32 16
  store volatile float %m16, ptr addrspace(1) %q16
  %m17 = fmul float %v17, %v30
  %q17 = getelementptr float, ptr addrspace(1) %out, i32 17
  store volatile float %m17, ptr addrspace(1) %q17
  %m18 = fmul float %v18, %v29
  %q18 = getelementptr float, ptr addrspace(1) %out, i32 18
  store volatile float %m18, ptr addrspace(1) %q18
  %m19 = fmul float %v19, %v28
  %q19 = getelementptr float, ptr addrspace(1) %out, i32 19
  store volatile float %m19, ptr addrspace(1) %q19
  %m20 = fmul float %v20, %v27
  %q20 = getelementptr float, ptr addrspace(1) %out, i32 20
  store volatile float %m20, ptr addrspace(1) %q20
  %m21 = fmul float %v21, %v26
  %q21 = getelementptr float, ptr addrspace(1) %out, i32 21
  store volatile float %m21, ptr addrspace(1) %q21
  %m22 = fmul float %v22, %v25
  %q22 = getelementptr float, ptr addrspace(1) %out, i32 22
  store volatile float %m22, ptr addrspace(1) %q22
  %m23 = fmul float %v23, %v24
  %q23 = getelementptr float, ptr addrspace(1) %out, i32 23
  store volatile float %m23, ptr addrspace(1) %q23
  %m24 = fmul float %v24, %v23
  %q24 = getelementptr float, ptr addrspace(1) %out, i32 24
  store volatile float %m24, ptr addrspace(1) %q24
  %m25 = fmul float %v25, %v22
  %q25 = getelementptr float, ptr addrspace(1) %out, i32 25
  store volatile float %m25, ptr addrspace(1) %q25
  %m26 = fmul float %v26, %v21
  %q26 = getelementptr float, ptr addrspace(1) %out, i32 26
  store volatile float %m26, ptr addrspace(1) %q26
  %m27 = fmul float %v27, %v20
  %q27 = getelementptr float, ptr addrspace(1) %out, i32 27
  store volatile float %m27, ptr addrspace(1) %q27
  %m28 = fmul float %v28, %v19
  %q28 = getelementptr float, ptr addrspace(1) %out, i32 28
  store volatile float %m28, ptr addrspace(1) %q28
  %m29 = fmul float %v29, %v18
  %q29 = getelementptr float, ptr addrspace(1) %out, i32 29
  store volatile float %m29, ptr addrspace(1) %q29
  %m30 = fmul float %v30, %v17
  %q30 = getelementptr float, ptr addrspace(1) %out, i32 30
  store volatile float %m30, ptr addrspace(1) %q30
  %m31 = fmul float %v31, %v16
  %q31 = getelementptr float, ptr addrspace(1) %out, i32 31
  store volatile float %m31, ptr addrspace(1) %q31
  %m32 = fmul float %v32, %v15
  %q32 = getelementptr float, ptr addrspace(1) %out, i32 32
  store volatile float %m32, ptr addrspace(1) %q32
  %m33 = fmul float %v33, %v14
  %q33 = getelementptr float, ptr addrspace(1) %out, i32 33
  store volatile float %m33, ptr addrspace(1) %q33
  %m34 = fmul float %v34, %v13
  %q34 = getelementptr float, ptr addrspace(1) %out, i32 34
  store volatile float %m34, ptr addrspace(1) %q34
  %m35 = fmul float %v35, %v12
  %q35 = getelementptr float, ptr addrspace(1) %out, i32 35
  store volatile float %m35, ptr addrspace(1) %q35
  %m36 = fmul float %v36, %v11
  %q36 = getelementptr float, ptr addrspace(1) %out, i32 36
  store volatile float %m36, ptr addrspace(1) %q36
  %m37 = fmul float %v37, %v10
  %q37 = getelementptr float, ptr addrspace(1) %out, i32 37
  store volatile float %m37, ptr addrspace(1) %q37
  %m38 = fmul float %v38, %v9
  %q38 = getelementptr float, ptr addrspace(1) %out, i32 38
  store volatile float %m38, ptr addrspace(1) %q38
  %m39 = fmul float %v39, %v8
  %q39 = getelementptr float, ptr addrspace(1) %out, i32 39
  store volatile float %m39, ptr addrspace(1) %q39
  %m40 = fmul float %v40, %v7
  %q40 = getelementptr float, ptr addrspace(1) %out, i32 40
  store volatile float %m40, ptr addrspace(1) %q40
  %m41 = fmul float %v41, %v6
  %q41 = getelementptr float, ptr addrspace(1) %out, i32 41
  store volatile float %m41, ptr addrspace(1) %q41
  %m42 = fmul float %v42, %v5
  %q42 = getelementptr float, ptr addrspace(1) %out, i32 42
  store volatile float %m42, ptr addrspace(1) %q42
  %m43 = fmul float %v43, %v4
  %q43 = getelementptr float, ptr addrspace(1) %out, i32 43
  store volatile float %m43, ptr addrspace(1) %q43
  %m44 = fmul float %v44, %v3
  %q44 = getelementptr float, ptr addrspace(1) %out, i32 44
  store volatile float %m44, ptr addrspace(1) %q44
  %m45 = fmul float %v45, %v2
  %q45 = getelementptr float, ptr addrspace(1) %out, i32 45
  store volatile float %m45, ptr addrspace(1) %q45
  %m46 = fmul float %v46, %v1
  %q46 = getelementptr float, ptr addrspace(1) %out, i32 46
  store volatile float %m46, ptr addrspace(1) %q46
  %m47 = fmul float %v47, %v0
  %q47 = getelementptr float, ptr addrspace(1) %out, i32 47
  store volatile float %m47, ptr addrspace(1) %q47
  ret void
}
attributes #0 = { "nvvm.maxnreg"="16" }
