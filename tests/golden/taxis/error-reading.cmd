taxis tournament --games 10 --reading shut
