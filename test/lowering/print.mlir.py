# Prints the format-string globals (__tilec_fmt_N) of a PTX file, decoded, one per line (repr).
import re, sys
for line in open(sys.argv[1]):
    m = re.search(r"(__tilec_fmt_\d+)\[\d+\] = \{([^}]*)\}", line)
    if m:
        print(repr(bytes(int(x) for x in m.group(2).split(",")).decode()))
