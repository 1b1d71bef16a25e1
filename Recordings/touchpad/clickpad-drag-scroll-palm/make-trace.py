#!/usr/bin/env python3
# Writes trace.evemu: a scripted clickpad session (100 x 70 mm, 20 units/mm,
# INPUT_PROP_BUTTONPAD, three slots). A palm rests on the left edge the whole
# time; a finger moves the pointer up to Item 1, the click is held still (a
# long-press) and the finger drags the item down four rows; two fingers
# scroll the list; a click in the bottom-right area is a secondary click.
#   python3 make-trace.py > trace.evemu
HEADER = """# EVEMU 1.3
# Scripted for Gripper (Recordings/touchpad): a 100 x 70 mm clickpad.
N: Gripper Scripted Clickpad
I: 0018 06cb 7e7e 0100
P: 05 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 01 00 00 00 00 00
B: 01 20 e4 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 02 00 00 00 00 00 00 00 00
B: 03 03 00 00 00 00 80 60 02
B: 04 00 00 00 00 00 00 00 00
B: 05 00 00 00 00 00 00 00 00
B: 11 00 00 00 00 00 00 00 00
B: 12 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
A: 00 0 2000 0 0 20
A: 01 0 1400 0 0 20
A: 2f 0 2 0 0 0
A: 35 0 2000 0 0 20
A: 36 0 1400 0 0 20
A: 39 0 65535 0 0 0
"""

frames = {}  # time in microseconds -> list of (type, code, value)

def ev(t_ms, *events):
    frames.setdefault(int(round(t_ms * 1000)), []).extend(events)

ABS, KEY = 3, 1
SLOT, TID, MTX, MTY, BTN_LEFT = 0x2f, 0x39, 0x35, 0x36, 0x110

def u(mm):
    return int(round(mm * 20))

def down(t, slot, tid, x, y):
    ev(t, (ABS, SLOT, slot), (ABS, TID, tid), (ABS, MTX, u(x)), (ABS, MTY, u(y)))

def move(t, slot, x, y):
    ev(t, (ABS, SLOT, slot), (ABS, MTX, u(x)), (ABS, MTY, u(y)))

def up(t, slot):
    ev(t, (ABS, SLOT, slot), (ABS, TID, -1))

def button(t, value):
    ev(t, (KEY, BTN_LEFT, value))

# The palm: slot 1, at the left edge from 0 to 4.4 s, creeping a little.
down(0, 1, 100, 3.0, 35.0)
for k in range(1, 88):
    move(k * 50, 1, 3.0 + (k % 3) * 0.1, 35.0 + (k % 4) * 0.1)
up(4400, 1)

# The pointer up to Item 1: 29 mm at 50 mm/s (0.5 mm every 10 ms, 1:1).
down(305, 0, 101, 50.0, 40.0)
for k in range(1, 59):
    move(305 + k * 10, 0, 50.0, 40.0 - k * 0.5)
# Held still, the click pressed for 600 ms (a long-press), then a drag down
# 22.4 mm at 40 mm/s, the click released and the finger lifted.
button(1000, 1)
for k in range(1, 57):
    move(1600 + k * 10, 0, 50.0, 11.0 + k * 0.4)
button(2300, 0)
up(2400, 0)

# Two fingers scroll: 12 mm towards the user at 40 mm/s (three detents).
down(2805, 0, 102, 40.0, 30.0)
down(2805, 2, 103, 60.0, 30.0)
for k in range(1, 31):
    y = 30.0 + k * 0.4
    ev(2805 + k * 10, (ABS, SLOT, 0), (ABS, MTY, u(y)), (ABS, SLOT, 2), (ABS, MTY, u(y)))
up(3405, 0)
up(3405, 2)

# A click with a finger in the bottom-right area: secondary, nothing happens.
down(3805, 0, 104, 80.0, 65.0)
button(3900, 1)
button(4000, 0)
up(4105, 0)

out = [HEADER.rstrip("\n")]
names = {(ABS, SLOT): "ABS_MT_SLOT", (ABS, TID): "ABS_MT_TRACKING_ID", (ABS, MTX): "ABS_MT_POSITION_X",
         (ABS, MTY): "ABS_MT_POSITION_Y", (KEY, BTN_LEFT): "BTN_LEFT"}
for t in sorted(frames):
    stamp = "%d.%06d" % (t // 1_000_000, t % 1_000_000)
    for (ty, code, value) in frames[t]:
        out.append("E: %s %04x %04x %04d\t# %s %d" % (stamp, ty, code, value if value >= 0 else value,
                                                      names[(ty, code)], value))
    out.append("E: %s 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------" % stamp)
print("\n".join(out))
