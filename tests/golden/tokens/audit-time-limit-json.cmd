# the same in JSON: one answer for the game, status unknown, partial, audited 0 of 16 upgrades
tokens audit 1830 --time-limit 0.000001 --json
