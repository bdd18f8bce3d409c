"""Hand-written ``notify_delay``: what KEYRNOTIFYDELAY does to empty MQGETs and to the share
of messages each LPAR gets.

The figures are retyped from 000_9710d6762d9a2895.txt: the attribute takes 0 to 1,000,000
microseconds and needs a CFLEVEL 22 or higher CF; table "MQGETs attempted for each
successful MQGET" (LPAR 2: 116 at 0, 16 above it); the table under "The cost when processing
the messages is higher on LPAR 3" (LPAR 2: average MQGET 1.157 µs, 15.31 gets a success, the
default inputs); the values found worth trying on an internal CF (even distribution from 250
to 1000, throughput at 250 or less, "virtually every MQGET is successful" at 100000) and, on
a remote CF, steps "by 10,000 or even 100,000 microseconds". The lower bounds and the steps
on an internal CF (throughput 0 to 250 by 50; fewer empty gets from 250; steps of 250) are
the calculator's own choice, as its template says.
"""
from __future__ import annotations

import math

DEFAULTS = {"keyrnotifydelay_us": 0, "cflevel": 22, "keyed_list": True, "duplexed": False,
            "cf_location": "internal", "goal": "even_distribution", "avg_get_cpu_us": 1.157,
            "gets_attempted": 1531, "gets_successful": 100, "lpars": 4, "share_1_pct": 45,
            "share_2_pct": 45, "share_3_pct": 5, "share_4_pct": 5, "wake_1_us": 50,
            "wake_2_us": 50, "wake_3_us": 100, "wake_4_us": 100}
MIN_CFLEVEL, MAX_DELAY_US, GETS_PER_SUCCESS_WITH_DELAY = 22, 1000000, 16
TRY_US = {"even_distribution": (250, 1000, 250), "throughput": (0, 250, 50),
          "fewer_empty_gets": (250, 100000, 250)}
"""Internal CF: the lowest and highest value to try, and the step, by goal."""
REMOTE_FINE_US, REMOTE_COARSE_US = 10000, 100000
def notify_delay(inputs: dict) -> dict:
    """Empty gets and their cost, the values worth trying, and each LPAR's expected share."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    (delay, cflevel, keyed, duplexed, location, goal, avg_get_us, attempted, successful, lpars,
     *shares_and_wakes) = values.values()
    if (type(delay) is not int or not 0 <= delay <= MAX_DELAY_US
            or type(cflevel) is not int or not 1 <= cflevel <= 99
            or keyed is not True and keyed is not False
            or duplexed is not True and duplexed is not False
            or location not in ("internal", "local", "remote") or goal not in TRY_US
            or type(avg_get_us) not in (int, float) or not 0 <= avg_get_us <= 1000000
            or type(attempted) not in (int, float) or not 0 <= attempted <= 1e15
            or type(successful) not in (int, float) or not 1 <= successful <= 1e15
            or type(lpars) is not int or not 1 <= lpars <= 4
            or any(type(share) not in (int, float) or not 0 <= share <= 100
                   for share in shares_and_wakes[:4])
            or any(type(wake) not in (int, float) or not 0.001 <= wake <= 10000000
                   for wake in shares_and_wakes[4:])):
        raise ValueError(f"notify_delay: a value outside its domain among {inputs!r}")
    shares, wakes = shares_and_wakes[:lpars], shares_and_wakes[4:4 + lpars]
    if not successful <= attempted:
        raise ValueError(f"gets_successful={successful!r}: more than gets_attempted")
    total = sum(shares)
    if not total > 0:
        raise ValueError(f"share_1_pct={shares[0]!r}: the shares add up to 0")
    supported = keyed and cflevel >= MIN_CFLEVEL
    if supported:
        reason = "keyed list, CFLEVEL 22 or higher"
    elif not keyed:
        reason = ("not a keyed list; CFLEVEL below 22" if cflevel < MIN_CFLEVEL
                  else "not a keyed list structure")
    else:
        reason = "CFLEVEL below 22"
    in_effect = delay if supported else 0
    per_success = attempted / successful
    cpu_per_success = avg_get_us * per_success
    cpu_if_16 = avg_get_us * min(per_success, GETS_PER_SUCCESS_WITH_DELAY)
    if location != "remote":
        low, high, step = TRY_US[goal]
    else:
        low, high = REMOTE_FINE_US, MAX_DELAY_US
        step = REMOTE_FINE_US if goal == "throughput" else REMOTE_COARSE_US
    today = [100 * (share / total) for share in shares]
    won = [1 - math.exp(-in_effect / wake) for wake in wakes]
    racing = 1 - won[0]
    for chance in won[1:]:
        racing = racing + (1 - chance)
    race_pct = racing / lpars * 100
    heuristic = [won_n / lpars * 100 + race_pct / 100 * today_n
                 for won_n, today_n in zip(won, today)]
    absent = [0] * (4 - lpars)
    return {"supported": supported, "support_reason": reason,
            "delay_in_effect_us": in_effect, "gets_per_successful_get": per_success,
            "empty_gets_per_success": per_success - 1,
            "cpu_per_successful_get_us": cpu_per_success,
            "empty_get_share_pct": (per_success - 1) / per_success * 100,
            "cpu_if_16_gets_us": cpu_if_16,
            "cpu_saving_if_16_pct": ((1 - cpu_if_16 / cpu_per_success) * 100
                                     if cpu_per_success > 0 else 0),
            "try_low_us": low, "try_high_us": high, "try_step_us": step,
            "in_try_range": low <= delay <= high, "share_total_pct": total,
            **dict(zip(("today_1_pct", "today_2_pct", "today_3_pct", "today_4_pct"),
                       today + absent)),
            **dict(zip(("won_1", "won_2", "won_3", "won_4"), won + absent)),
            "race_pct": race_pct,
            **dict(zip(("heuristic_share_1_pct", "heuristic_share_2_pct",
                        "heuristic_share_3_pct", "heuristic_share_4_pct"),
                       heuristic + absent)),
            "even_share_pct": 100 / lpars}
