#!/usr/bin/env python3
"""Emulator sweep (docs/emulator.md): every entry of the given .mlir files whose arguments are all
pointers, each the base of a static-shaped make_tensor_view, compiled for sm_90a and sm_100a under the
default (modulo) strategy and --pipeline-strategy=warp-specialize, built for the CPU emulator and run
by tilec-run against the reference interpreter. Buffers take the largest view of their pointer; one
whose view is stored to is the output, the others random inputs. The grid is --grid (default 2,2,2)
with --unwritten-ok, so kernels written for a larger grid are checked on the CTAs that ran. Finds
kernels whose PTX a test checks only as text but whose results nobody checked (a batched TMA fill bug
was found this way). Not a lit test: the tests' tensor-core kernels take about 30 minutes on 2 cores.

Usage: scripts/emu_sweep.py [--build build] [--jobs 2] [--grid 2,2,2] [--targets 90,100]
       [--strategies modulo,warp-specialize] FILE.mlir...
Prints one line per kernel, target and strategy (PASS / FAIL / COMPILE-ERR / NOT-EMULATED / TIMEOUT);
exit 1 when any FAILs or TIMEOUTs. Read a FAIL with max_rel_err=0 as a kernel that writes NaN on
purpose (tilec-run's NaN check: test/lowering e8m0 widen, f8_padding, pack bytes), and a COMPILE-ERR
of a negative test (register_budget, smem_ceiling) as its expected error."""
import argparse, os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def entries(text):
    """(name, [tilec-run --arg spec]) of every entry the sweep can launch."""
    out = []
    for m in re.finditer(r'entry @(\w+)\(([^)]*)\)\s*(?:attributes \{[^}]*\}\s*)?\{', text):
        name, params = m.group(1), m.group(2)
        end = text.find('\n  }\n', m.end())
        body = text[m.end():end if end > 0 else len(text)]
        args = []
        for p in (p.strip() for p in params.split(',') if p.strip()):
            mm = re.match(r'(%\w+)\s*:\s*tile<ptr<(\w+)>>', p)
            if not mm:
                args = None
                break
            args.append((mm.group(1), mm.group(2)))
        if not args:
            continue
        alias = {a: a for a, _ in args}
        for am in re.finditer(r'(%\w+) = assume [^,]*, (%\w+)', body):
            if am.group(2) in alias:
                alias[am.group(1)] = alias[am.group(2)]
        views = {}
        for tm in re.finditer(r'(%\w+) = make_tensor_view (%\w+), shape = \[([0-9, ]+)\]', body):
            if tm.group(2) in alias:
                views.setdefault(alias[tm.group(2)], []).append((tm.group(1), [int(x) for x in tm.group(3).split(',')]))
        if any(a not in views for a, _ in args):
            continue
        tensor_of = {pm.group(1): pm.group(2) for pm in re.finditer(r'(%\w+) = make_partition_view (%\w+)', body)}
        stored = {tensor_of.get(sm.group(1)) for sm in re.finditer(r'store_view_tko [^%]*%\w+, (%\w+)\[', body)}
        specs = []
        for a, elem in args:
            shape = max((s for _, s in views[a]), key=lambda s: eval('*'.join(map(str, s))))
            out_ = any(tv in stored for tv, _ in views[a])
            specs.append('ptr:%s:%s:%s' % (elem, 'x'.join(map(str, shape)), 'out' if out_ else 'random'))
        if any(s.endswith(':out') for s in specs):
            out.append((name, specs))
    return out


def run(job, a):
    path, name, specs, sm, strategy = job
    tools = os.path.join(a.build, 'tools')
    with tempfile.TemporaryDirectory() as d:
        flags = ['-O3', '--gpu-name=sm_%da' % sm] + (['--pipeline-strategy=' + strategy] if strategy else [])
        for emit, out in (['--emit=llvm'], 'k.ll'), ([], 'k.ptx'):
            r = subprocess.run([os.path.join(tools, 'tilec')] + flags + [path] + emit + ['-o', os.path.join(d, out)],
                               capture_output=True, text=True)
            if r.returncode:
                return 'COMPILE-ERR ' + (r.stderr.strip().split('\n') or [''])[-1][:150]
        r = subprocess.run([sys.executable, os.path.join(ROOT, 'tools', 'tilec-emu', 'tilec-emu-build'),
                            os.path.join(d, 'k.ll'), '-o', os.path.join(d, 'k.so')], capture_output=True, text=True)
        if r.returncode:
            return 'NOT-EMULATED ' + (r.stderr.strip().split('\n') or [''])[-1][:120]
        cmd = [os.path.join(tools, 'tilec-run', 'tilec-run'), os.path.join(d, 'k.ptx'), '--kernel', name, '--grid', a.grid]
        for s in specs:
            cmd += ['--arg', s]
        cmd += ['--reference=interpret', '--source', path, '--iters', '0', '--unwritten-ok']
        env = dict(os.environ, TILEC_EMU_SM=str(sm), TILEC_EMU_MODULE=os.path.join(d, 'k.so'),
                   TILEC_RUN_LIBCUDA=os.path.join(tools, 'tilec-emu', 'libtilec_emu_cuda.so'))
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=a.timeout)
        except subprocess.TimeoutExpired:
            return 'TIMEOUT'
        lines = (r.stdout + '\n' + r.stderr).strip().split('\n')
        key = [l for l in lines if l.startswith('PASS') or l.startswith('FAIL') or 'error' in l.lower()]
        return (key[-1] if key else lines[-1])[:200]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', default=os.path.join(ROOT, 'build'))
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--grid', default='2,2,2')
    ap.add_argument('--timeout', type=float, default=300)
    ap.add_argument('--targets', default='90,100', help='comma-separated SM numbers (90 = sm_90a, 100 = sm_100a)')
    ap.add_argument('--strategies', default='modulo,warp-specialize')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    sms = [int(t) for t in a.targets.split(',')]
    strategies = ['' if t == 'modulo' else t for t in a.strategies.split(',')]
    jobs = [(p, n, s, sm, st) for p in a.files for n, s in entries(open(p).read()) for sm in sms for st in strategies]
    bad = 0
    with ThreadPoolExecutor(a.jobs) as ex:
        for job, res in zip(jobs, ex.map(lambda j: run(j, a), jobs)):
            bad += res.startswith('FAIL') or res == 'TIMEOUT'
            print('%s %s sm_%da %s: %s' % (os.path.basename(job[0]), job[1], job[3], job[4] or 'modulo', res), flush=True)
    print('%d runs, %d failed' % (len(jobs), bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
