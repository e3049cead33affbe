# First-fit decreasing through packbench's external protocol (docs/external-solvers.md).
import os, sys
v = [l.split()[0] for l in open(sys.argv[-1]) if l.strip() and not l.lstrip().startswith("#")]
s = float(os.environ.get("PACKBENCH_SPACING", "0"))  # between neighbours in a row
w, rows, room = [float(x) + s for x in v[2:2 + int(v[0])]], [], []
for i in sorted(range(len(w)), key=lambda i: -w[i]):  # stable: equal widths in file order
    r = next((r for r, free in enumerate(room) if w[i] <= free), len(rows))
    if r == len(rows): rows.append([]); room.append(float(v[1]) + s)
    rows[r].append(i); room[r] -= w[i]
print("\n".join(" ".join(map(str, row)) for row in rows))
