taxis tournament --c 44 --time-limit 0.05
