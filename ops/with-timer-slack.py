#!/usr/bin/env python3
"""with-timer-slack.py MICROSECONDS CMD...: runs CMD with the kernel's timer slack set to MICROSECONDS.

Every thread CMD starts inherits it, so the kernel may end any of their timed sleeps up to that
much late and wake several sleepers together. Linux only (prctl PR_SET_TIMERSLACK).
"""

import ctypes
import os
import sys

PR_SET_TIMERSLACK = 29

USAGE = "usage: with-timer-slack.py MICROSECONDS CMD... (MICROSECONDS a whole number from 1)"

if len(sys.argv) < 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
    sys.exit(USAGE)
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(PR_SET_TIMERSLACK, ctypes.c_ulong(int(sys.argv[1]) * 1000), 0, 0, 0) != 0:
    sys.exit(f"prctl(PR_SET_TIMERSLACK) failed: {os.strerror(ctypes.get_errno())}")
os.execvp(sys.argv[2], sys.argv[2:])
