# --time-limit covers the audit (issue 37 item 5): 1 us is spent before the first layout, so no upgrade is audited; exit 3 and the answer says partial, 0 of 16 (deterministic; the timing itself is not tested). Before: the limit was never polled, exit 0
tokens audit 1830 --time-limit 0.000001
