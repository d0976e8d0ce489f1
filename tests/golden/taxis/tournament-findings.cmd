taxis tournament --games 3000 --threads 2
